# Two commands: `make run` serves the site, `make test` runs ruff, mypy and the suite but its
# long lane; `make test-long` runs the long lane (the slow and browser tests). CI runs both.
# All build the environment first from the lock file (uv, installed into .tools/).

PYTHON ?= python3
VENV := .venv
TOOLS := .tools
UV := $(TOOLS)/bin/uv
SYNCED := $(VENV)/.synced
# Test-only tools from the npm registry (axe-core for the accessibility tests), from package-lock.json.
NODE_TOOLS := node_modules/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

# The largest WebSocket message daphne reads (docs/deploy.md, "Read limits").
DAPHNE_READ_LIMITS := --websocket-max-message-size 16384 --websocket-max-frame-size 16384

# Extra pytest arguments for `make check` and `make test`, e.g. PYTEST_ARGS="-x tests/engine".
PYTEST_ARGS ?=
# `make check` and `make test` run tests in this many processes (pytest-xdist); WORKERS=0
# runs them in one. `make test` hands out whole files, in collection order: a browser test
# module's setup (its site data, its people) is done once, and the browser tests stay last
# on every worker (tests/browser_last.py).
WORKERS ?= auto
TEST_DIST := --dist loadfile --no-loadscope-reorder

# The long lane: tests that take minutes (slow) or drive Chromium (browser); CI's own step.
LONG_LANE := slow or browser

.PHONY: run test test-long check venv lint node-tools bench bench-review bench-live bench-bots pictures clean

run: $(SYNCED)
	$(VENV)/bin/python manage.py migrate --noinput
	$(VENV)/bin/python manage.py ensure_demo_table
	@$(VENV)/bin/python -m pokersite.lan $(HOST) $(PORT)
	$(VENV)/bin/daphne -b $(HOST) -p $(PORT) $(DAPHNE_READ_LIMITS) pokersite.asgi:application

test: lint
	$(VENV)/bin/pytest -m "not ($(LONG_LANE))" -n $(WORKERS) $(TEST_DIST) $(PYTEST_ARGS)

test-long: $(SYNCED) $(NODE_TOOLS)
	$(VENV)/bin/pytest -m "$(LONG_LANE)" -n $(WORKERS) $(TEST_DIST) $(PYTEST_ARGS)

# The quick loop while working: the same as `make test` (kept for habit).
check: test

lint: $(SYNCED)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy

bench: $(SYNCED)
	$(VENV)/bin/python bench/evaluator.py

# The session review over 100,000 stored hands, beside the old recomputation (a minute or two)
bench-review: $(SYNCED)
	$(VENV)/bin/python bench/review.py $(REVIEW_ARGS)

# Bot strength: tight-aggressive against the calling station and the random bot (about a minute)
bench-bots: $(SYNCED)
	$(VENV)/bin/python bench/bots.py $(BOTS_ARGS)

# Starts its own servers (PostgreSQL + Redis too when they answer); e.g. LIVE_ARGS=--quick
bench-live: $(SYNCED)
	$(VENV)/bin/python bench/live.py $(LIVE_ARGS)

# The README's pictures, taken anew from a practice table in Chromium (docs/pictures/take.py)
pictures: $(SYNCED)
	$(VENV)/bin/python docs/pictures/take.py

venv: $(SYNCED)

node-tools: $(NODE_TOOLS)

$(UV):
	$(PYTHON) -m venv $(TOOLS)
	$(TOOLS)/bin/pip install --quiet "uv==0.13.8"

$(SYNCED): $(UV) pyproject.toml uv.lock
	$(UV) sync --frozen --python $(PYTHON)
	@touch $@

$(NODE_TOOLS): package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

clean:
	rm -rf $(VENV) $(TOOLS) staticfiles node_modules
