# Two commands: `make run` serves the site, `make test` runs the whole suite.
# Both build the environment first from the lock file (uv, installed into .tools/).

PYTHON ?= python3
VENV := .venv
TOOLS := .tools
UV := $(TOOLS)/bin/uv
SYNCED := $(VENV)/.synced
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test venv lint bench bench-live bench-bots clean

run: $(SYNCED)
	$(VENV)/bin/python manage.py migrate --noinput
	$(VENV)/bin/python manage.py ensure_demo_table
	@echo "Serving on http://$(HOST):$(PORT)/"
	$(VENV)/bin/daphne -b $(HOST) -p $(PORT) pokersite.asgi:application

test: $(SYNCED)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/pytest

lint: $(SYNCED)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy

bench: $(SYNCED)
	$(VENV)/bin/python bench/evaluator.py

# Bot strength: tight-aggressive against the calling station and the random bot (about a minute)
bench-bots: $(SYNCED)
	$(VENV)/bin/python bench/bots.py $(BOTS_ARGS)

# Starts its own servers (PostgreSQL + Redis too when they answer); e.g. LIVE_ARGS=--quick
bench-live: $(SYNCED)
	$(VENV)/bin/python bench/live.py $(LIVE_ARGS)

venv: $(SYNCED)

$(UV):
	$(PYTHON) -m venv $(TOOLS)
	$(TOOLS)/bin/pip install --quiet "uv==0.13.8"

$(SYNCED): $(UV) pyproject.toml uv.lock
	$(UV) sync --frozen --python $(PYTHON)
	@touch $@

clean:
	rm -rf $(VENV) $(TOOLS) staticfiles
