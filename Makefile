# Frightmare Companion. The README's two commands: `make run` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
ARGS ?=

.PHONY: run test lint typecheck pytest bench package screenshots clean system-deps system-deps-desktop

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Stamps: reinstall only when pyproject.toml changes.
$(VENV)/.app-installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	$(BIN)/python -m compileall -q frightmare
	@touch $@

$(VENV)/.test-installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e . --group test
	$(BIN)/python -m compileall -q frightmare
	@touch $@ $(VENV)/.app-installed

system-deps:
	@sh scripts/system-deps.sh offscreen

system-deps-desktop:
	@sh scripts/system-deps.sh desktop

run: system-deps-desktop $(VENV)/.app-installed
	$(BIN)/frightmare $(ARGS)

lint: $(VENV)/.test-installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports --no-cache

# mypy --strict on the app, the tests and the benchmarks. pytest imports each test folder's files
# as top-level modules (no __init__.py), so two conftest.py would clash in one mypy run: the
# nested ones are checked one at a time.
typecheck: $(VENV)/.test-installed
	$(BIN)/mypy --strict frightmare tests benchmarks --exclude '^tests/.+/conftest\.py$$'
	@for conftest in $$(find tests -mindepth 2 -name conftest.py | sort); do \
		echo "mypy --strict $$conftest"; $(BIN)/mypy --strict "$$conftest" || exit 1; done

# On every core (pytest-xdist): each worker has its own offscreen QApplication.
pytest: system-deps $(VENV)/.test-installed
	QT_QPA_PLATFORM=offscreen $(BIN)/pytest -n auto

test: lint typecheck pytest

bench: system-deps $(VENV)/.test-installed
	$(BIN)/python -m compileall -q frightmare benchmarks
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m benchmarks

package: system-deps
	bash packaging/build.sh

screenshots: system-deps $(VENV)/.app-installed
	QT_QPA_PLATFORM=offscreen $(BIN)/python scripts/screenshots.py docs

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache .hypothesis
