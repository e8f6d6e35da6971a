"""Sub-commands of the ``suanfan`` command line, one module per face or rule system.

Each module registers itself with :func:`suanfan.cli.register_command` when imported; the main
command line imports every module of this package that exists.
"""
