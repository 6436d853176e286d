# Frightmare Companion. The README's two commands: `make run` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
ARGS ?=

.PHONY: help run test test-long lint typecheck pytest bench bench-instructions package screenshots clean system-deps system-deps-desktop \
	translations catalogues translations-check

# Each target's one-line description follows its `##`; `make help` lists them.
help: ## List the targets with what each does
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sort \
		| awk 'BEGIN {FS = ":.*## "}; {printf "  make %-20s %s\n", $$1, $$2}'

# uv installs the dependencies: the same packages pip would choose, from the same index, in
# about a third of pip's time (12 s against 25 s for a clean clone's test install, most of it
# PySide6's wheels unpacked). Where uv cannot be had, pip installs them as before. Like pip, it
# byte-compiles what it installs (--compile-bytecode, about 2 s): without it, where
# PYTHONDONTWRITEBYTECODE is set, every launch compiled pydantic from its source again (100 ms
# and more of a launch into a game, which `make bench` on a fresh clone counted).
$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet uv || echo "uv is not available: pip installs the dependencies"

INSTALL = if [ -x $(BIN)/uv ]; then \
	$(BIN)/uv pip install --quiet --compile-bytecode --python $(BIN)/python $(1); \
	else $(BIN)/pip install --quiet $(1); fi

# Stamps: reinstall only when pyproject.toml changes.
$(VENV)/.app-installed: pyproject.toml | $(BIN)/python
	$(call INSTALL,-e . "babel>=2.12")
	$(BIN)/python -m compileall -q frightmare
	@touch $@

$(VENV)/.test-installed: pyproject.toml | $(BIN)/python
	$(call INSTALL,-e . --group test)
	$(BIN)/python -m compileall -q frightmare
	@touch $@ $(VENV)/.app-installed

system-deps: ## Check (as root: install) the system libraries Qt needs offscreen
	@sh scripts/system-deps.sh offscreen

system-deps-desktop: ## Check (as root: install) the system libraries Qt needs to show windows on X11
	@sh scripts/system-deps.sh desktop

# The compiled catalogues (.mo) are built from their .po sources, never committed or hand-edited.
catalogues: $(VENV)/.app-installed ## Compile each language's catalogue (.po to the .mo the app reads)
	@$(BIN)/python scripts/translations.py compile

translations: $(VENV)/.test-installed ## Extract the strings to the template, update each language's .po, compile
	$(BIN)/python scripts/translations.py extract
	$(BIN)/python scripts/translations.py update
	$(BIN)/python scripts/translations.py compile
	@$(BIN)/python scripts/translations.py stats

translations-check: $(VENV)/.test-installed ## The template holds every marked string; each language is complete and keeps its placeholders
	$(BIN)/python scripts/translations.py check

run: system-deps-desktop $(VENV)/.app-installed catalogues ## Create .venv, install the app and launch it (ARGS="--data-dir DIR" ...)
	$(BIN)/frightmare $(ARGS)

lint: $(VENV)/.test-installed ## ruff check, ruff format --check and the import layering (lint-imports)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports --no-cache

# mypy --strict on the app, the tests and the benchmarks. pytest imports each test folder's files
# as top-level modules (no __init__.py), so two conftest.py would clash in one mypy run: the
# nested ones are checked one at a time.
typecheck: $(VENV)/.test-installed ## mypy --strict on frightmare, tests and benchmarks
	$(BIN)/mypy --strict frightmare tests benchmarks --exclude '^tests/.+/conftest\.py$$'
	@for conftest in $$(find tests -mindepth 2 -name conftest.py | sort); do \
		echo "mypy --strict $$conftest"; $(BIN)/mypy --strict "$$conftest" || exit 1; done

# On every core (pytest-xdist): each worker has its own offscreen QApplication, and takes the
# next test when it is free (worksteal), so no core waits while the other runs a long file.
# The longest game-play properties run a share of their examples here (tests/conftest.py).
# pytest keeps its rewritten test modules (their asserts made to explain themselves) beside
# them, as compileall keeps the app's, even where PYTHONDONTWRITEBYTECODE is set: a worker's
# collection takes 3-4 s from them against 10-11 s rewriting all 330 again (make test-long,
# after make test in CI, and every run after the first).
KEEP_REWRITES := PYTHONDONTWRITEBYTECODE=

pytest: system-deps $(VENV)/.test-installed catalogues ## The whole test suite offscreen, on every core
	$(KEEP_REWRITES) QT_QPA_PLATFORM=offscreen $(BIN)/pytest -n auto --dist worksteal

# The checks run beside the test suite (make -j): mypy's 15 s of one core fill the tail of the
# suite, when one of its workers has no test left. Their few lines of output come as they are
# written, among pytest's (an output sync would hold pytest's progress back to its end); the
# run fails if any of them fails.
test: $(VENV)/.test-installed ## lint, typecheck, translations-check and pytest side by side: run before every push
	@$(MAKE) --no-print-directory -j4 lint typecheck translations-check pytest

# CI runs it after `make test`: the properties `make test` plays a share of, at their full count.
test-long: system-deps $(VENV)/.test-installed catalogues ## The long game-play properties at their full count (CI runs it)
	$(KEEP_REWRITES) QT_QPA_PLATFORM=offscreen $(BIN)/pytest -n auto --dist worksteal -m long_property \
		--hypothesis-profile frightmare-long

bench: system-deps $(VENV)/.test-installed catalogues ## Speed and memory figures beside their budgets (fails only on a clear miss)
	$(BIN)/python -m compileall -q frightmare benchmarks
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m benchmarks

# Valgrind counts each launch's instructions: the same on a busy machine, for before and after.
bench-instructions: system-deps $(VENV)/.test-installed catalogues ## The launches' work in instructions, against the bare window's (valgrind)
	@command -v valgrind >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && apt-get install -y -qq valgrind; } \
		|| { echo "Install valgrind: sudo apt-get install valgrind" >&2; exit 1; }
	$(BIN)/python -m compileall -q frightmare benchmarks
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m benchmarks.instructions

# The checks of what only the release workflow builds (the workflow itself, the Windows installer,
# the macOS Info.plist, the icons, the Flatpak manifest) run first, with every tool they need
# installed (packaging/tools.sh): here none of them may be skipped.
package: system-deps $(VENV)/.test-installed catalogues ## Check the Windows, macOS and Flatpak packaging; build the Linux bundle, tarball and .deb offline, and smoke-test them
	sh packaging/tools.sh
	FRIGHTMARE_PACKAGING_TOOLS=required QT_QPA_PLATFORM=offscreen $(BIN)/pytest -q -p no:cacheprovider \
		tests/test_packaging.py tests/test_packaging_platforms.py
	bash packaging/build.sh

screenshots: system-deps $(VENV)/.app-installed catalogues ## Re-render the pictures in docs/ offscreen
	QT_QPA_PLATFORM=offscreen $(BIN)/python scripts/screenshots.py docs

clean: ## Remove .venv, build outputs and the tools' caches
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache .hypothesis
