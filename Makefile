# Toy Soldier Rules Explorer: every command does its own set-up.
#   make site   build the rulebook website into _build/html (the main job), its printable PDFs included
#   make pdf    print the built site again into _build/html/pdf (PAPER=Letter for US paper; default A4)
#   make test   run every test: engine, notebooks, site build, browser
#   make lab    open the book live in JupyterLab
#   make serve  serve the built site on http://127.0.0.1:8000
#   make bench  print the engine's speed figures
#   make bench-compare  the same figures for the commit before the engine rewrite and now, side by side
#   make bench-bots  the strong bot against greedy at the same thinking time, old engine and new (BENCH_BOTS="--games 20")
#   make bench-strong  the strong bot's win rate against greedy and its CPU ms a decision, issue 37's bot and this one (BENCH_STRONG="--games 20")
#   make bench-page  random playouts under the page's Python (Pyodide in chromium), old engine and new
#   make bench-first  from Play to the first playable board, stage by stage, beside a bare Pyodide start (BENCH_FIRST="--runs 5")
#   make soak   the long check: 10,000 random games per scenario and a big fuzz of saves and actions
#   make hostile  the long check of hostile input: malformed saves and actions through every entry point
#   make challenge RULESET=phlog FILE=my.toml  check a teacher's challenges file, saying in words what is wrong
#   make study  a big study: 10,000 bot games on a local Dask cluster, with a progress bar (STUDY="..." for others)

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
PORT   ?= 8000
LABOPTS ?=
SPHINXOPTS ?= -W --keep-going -n

.PHONY: site pdf test lab serve bench bench-compare bench-bots bench-strong bench-page bench-fit bench-first soak hostile study challenge clean browser

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# The site links its PDFs (each quick reference, the home page), so 'make site' prints them
# right after the HTML (chromium, from the 'browser' target): a built site never has a dead
# link, and the PDFs always match the pages. 'make pdf' prints an existing site again.
PAPER ?= A4
site: $(STAMP) browser
	$(BIN)/sphinx-build $(SPHINXOPTS) -b html -c . book _build/html
	$(BIN)/python -m sitebuild.pdf _build/html --paper $(PAPER)
	@echo "The site is in _build/html (open _build/html/index.html or run 'make serve'); its PDFs in _build/html/pdf."

pdf: $(STAMP) browser
	@test -f _build/html/index.html || { echo "No site yet: run 'make site' first."; exit 1; }
	$(BIN)/python -m sitebuild.pdf _build/html --paper $(PAPER)

# Debian's chromium for the browser tests and the printable book's PDFs (Playwright's own download is not used), and
# Debian's nodejs, which runs the page's own Python (the vendored Pyodide) in tests/test_page_python.py.
# If another apt-get holds a package lock, wait for it (up to APT_LOCK_WAIT seconds)
# instead of failing: install waits by itself (DPkg::Lock::Timeout); update does not
# honour that option for its lists lock, so it is retried while the lock is busy.
APT_LOCK_WAIT ?= 600
APT_GET := apt-get -o DPkg::Lock::Timeout=$(APT_LOCK_WAIT)
browser:
	@missing=""; \
	command -v chromium >/dev/null || missing="$$missing chromium"; \
	command -v node >/dev/null || missing="$$missing nodejs"; \
	test -z "$$missing" || { \
	  echo "Installing Debian's$$missing for the browser tests and the page's Python"; \
	  waited=0; \
	  until out=$$($(APT_GET) update -qq 2>&1); do \
	    echo "$$out" >&2; \
	    case "$$out" in *"Could not get lock"*) ;; *) exit 1;; esac; \
	    test $$waited -lt $(APT_LOCK_WAIT) || exit 1; \
	    echo "Another apt-get holds the package lists; waiting for it"; \
	    sleep 5; waited=$$((waited + 5)); \
	  done; \
	  DEBIAN_FRONTEND=noninteractive $(APT_GET) install -y -qq $$missing >/dev/null; }

# Test files are shared among PYTEST_WORKERS processes (one per core by default); a file's tests stay
# together in one process, in order, as a notebook's cells must (--dist loadfile). PYTEST_WORKERS=0: one process.
PYTEST_WORKERS ?= auto
test: $(STAMP) browser site
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS) --dist loadfile

# Lab serves book/ (the folder of the page it opens): the rule links' Lab paths and book/jupytext.toml
# (found only inside the folder served) rely on it; tests/test_lab_save.py checks this line.
lab: $(STAMP)
	$(BIN)/python -m sitebuild.lab_settings $(VENV)
	$(BIN)/jupyter lab $(if $(filter 0,$(shell id -u)),--allow-root) $(LABOPTS) book/index.md

serve:
	@test -d _build/html || { echo "No site yet: run 'make site' first."; exit 1; }
	$(BIN)/python -m http.server $(PORT) --bind 127.0.0.1 --directory _build/html

bench: $(STAMP)
	$(BIN)/python benchmarks/engine_speed.py
	for script in benchmarks/bench_*.py; do $(BIN)/python $$script; done

# Old engine (benchmarks/compare.py --old, default issue 23's baseline 1ad2a8d) against this tree.
bench-compare: $(STAMP)
	$(BIN)/python benchmarks/compare.py

# Issue 23's baseline (1ad2a8d) against this tree; options in BENCH_BOTS (python benchmarks/compare_bots.py --help).
bench-bots: $(STAMP)
	$(BIN)/python benchmarks/compare_bots.py $(BENCH_BOTS)

# Issue 37's starting bot (loaded from git into this engine) against this tree's; options in BENCH_STRONG.
bench-strong: $(STAMP)
	$(BIN)/python benchmarks/bench_strong_bot.py $(or $(BENCH_STRONG),--games 20)

bench-page: $(STAMP) browser
	$(BIN)/python benchmarks/page_playouts.py

# How the live board fits a phone, a desktop and a projector (Projector off and on), and taps to end a game.
bench-fit: $(STAMP) browser
	$(BIN)/python benchmarks/board_fit.py --games

# The first game in chromium, stage by stage, beside a bare Pyodide start. Needs the built site (make site); TSR_SITE=/path for another build.
bench-first: $(STAMP) browser
	$(BIN)/python benchmarks/first_game.py $(or $(BENCH_FIRST),--runs 3)

soak: $(STAMP)
	$(BIN)/python -m tests.conformance.soak --games $(or $(GAMES),10000)

hostile: $(STAMP)
	$(BIN)/python -m tests.conformance.hostile --cases $(or $(CASES),2000)

# The arguments of python -m studies (python -m studies --help), e.g.
#   make study STUDY="simple_plastic open_field --bots greedy random --games 20000 --scheduler tcp://host:8786"
STUDY ?= phlog duel --bots greedy --games 10000 --workers 2 --check
study: $(STAMP)
	$(BIN)/python -m studies $(STUDY)

# A practice challenges file (format: book/classroom/write_a_challenge.md) checked challenge by challenge:
# the start is legal, the recorded solution solves it within its limit, doing nothing and random attempts
# do not, a "sure" goal holds on every outcome. FILE left out: the ruleset's own challenges.toml.
challenge: $(STAMP)
	@test -n "$(RULESET)" || { echo "Say which ruleset: make challenge RULESET=simple_plastic FILE=my_challenges.toml"; exit 2; }
	$(BIN)/python -m explorer.core.challenges $(RULESET) $(FILE)

clean:
	rm -rf _build .vendor
