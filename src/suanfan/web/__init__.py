"""The web face of suanfan: an HTTP API and a calculator page (``suanfan serve``).

Needs the ``web`` extra (FastAPI and uvicorn): ``pip install 'suanfan[web]'``. The application
object is :data:`suanfan.web.app.app`; the page is plain HTML/CSS/JS in ``static/``.
"""
