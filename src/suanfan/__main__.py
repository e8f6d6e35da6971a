"""``python -m suanfan`` runs the command line."""

from .cli import main

raise SystemExit(main())
