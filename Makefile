# RefreshKit. On a fresh Debian machine `make demo` and `make test` do all the set-up:
# they install the missing system packages with apt-get (as root, or through sudo), then build.
SHELL := /bin/bash
SWIFT ?= swift

# Debian packages the build, the tests and the demo need.
SYSTEM_PACKAGES := pkg-config libcairo2-dev libpango1.0-dev libsdl2-dev libpng-dev zlib1g-dev fonts-dejavu-core fonts-droid-fallback libcjson-dev libwebp-dev librlottie-dev libseccomp-dev xvfb xauth libavformat-dev libavcodec-dev libswscale-dev libavutil-dev libimagequant-dev libgif-dev chromium librsvg2-bin time python3-pip

.PHONY: all deps build test bench lottie-check soak soak-suite demo gallery install docs clean

# Where `make install` puts the tools, the built-in plugins (as bundles) and the shared assets.
PREFIX ?= /usr/local

all: build

deps:
	@scripts/install-system-packages.sh $(SYSTEM_PACKAGES)

# One build serves the tools, the plugins, the demo and the tests: release, and testable
# (-enable-testing, which @testable imports need). In-process tests run optimised too (the
# state-machine sequences and the handoff's generators among them: ~110 s of CPU where a debug
# build took ~340 s), and a clean clone compiles every module once instead of three times (debug,
# release, debug tests).
RELEASE := -c release -Xswiftc -enable-testing
build: deps
	@mkdir -p .build; set -o pipefail; $(SWIFT) build $(RELEASE) 2>&1 | tee .build/build-release.log

# The suites use Swift Testing; XCTest finds none and says "Executed 0 tests" first. The tests,
# and the tools and plugins the end-to-end tests drive (REFRESHKIT_TEST_TOOLS), are the one release
# build: they draw thousands of frames, five times faster than a debug build; the template plugin package as an
# author has it is built once too (REFRESHKIT_AUTHOR_PACKAGE), and so are the fixture plugins, a
# package of their own under Tests/Fixtures (REFRESHKIT_FIXTURES); lottie-web 5.7.4, which the web
# handoff's test plays in Chromium, comes from PyPI's wagtail-lottie wheel (REFRESHKIT_LOTTIE_WEB). The tests are built before the clock
# starts, and the builds' logs hold no compiler warning about our own files (a clean clone's CI
# build compiles everything). After the run: the tests whose programs cost the most CPU, and the
# CPU of the whole run.
TEST_COSTS := .build/test-costs.tsv
FIXTURES := .build/fixtures
BUILD_LOGS := .build/build-release.log .build/build-tests.log .build/author-package/build.log .build/build-fixtures.log
test: build
	$(MAKE) --no-print-directory docs
	scripts/prepare-author-package.sh .build/author-package
	scripts/fetch-lottie-web.sh .build/lottie-web
	@set -o pipefail; $(SWIFT) build $(RELEASE) --build-tests 2>&1 | tee .build/build-tests.log
	@set -o pipefail; $(SWIFT) build --package-path Tests/Fixtures --scratch-path $(FIXTURES) 2>&1 | tee .build/build-fixtures.log
	scripts/count-warnings.sh $(BUILD_LOGS)
	@rm -f $(TEST_COSTS); started=$$(date +%s); status=0; \
	REFRESHKIT_TEST_TOOLS="$$($(SWIFT) build $(RELEASE) --show-bin-path)" REFRESHKIT_AUTHOR_PACKAGE=$(CURDIR)/.build/author-package/MyIndicator \
	REFRESHKIT_FIXTURES=$(CURDIR)/$(FIXTURES)/debug REFRESHKIT_TEST_COSTS=$(TEST_COSTS) REFRESHKIT_LOTTIE_WEB=$(CURDIR)/.build/lottie-web $(SWIFT) test $(RELEASE) --skip-build || status=$$?; \
	scripts/test-costs.sh $(TEST_COSTS) 10; \
	echo "The run: $$(( $$(date +%s) - started )) s wall; CPU (user, system) of this shell, then of the run and everything it started:"; times; \
	exit $$status

# Every figure DESIGN.md's budgets and the performance targets are checked against, each beside its
# anchor from the same run, in release: the table, and out/bench/bench.json with the machine's load
# average at the start and the end (BENCH_ARGS adds options, e.g. BENCH_ARGS="--only run").
bench: deps
	@scripts/install-system-packages.sh ffmpeg  # the command line the animation encoders are measured against
	@set -o pipefail; $(SWIFT) build -c release --scratch-path .build-release 2>&1 | tail -1
	"$$($(SWIFT) build -c release --scratch-path .build-release --show-bin-path)/refresh-dump" bench --json out/bench/bench.json $(BENCH_ARGS)

# An independent check of `refresh-dump export`: every built-in's light and dark files validated
# against the Lottie community's schema (lottie-specs) and drawn by ThorVG (thorvg-python, the
# engine of the dotLottie players) against the plugin's own frames, as the round trip does with
# rlottie. Installs them from PyPI into .build/lottie-check (a virtual environment).
LOTTIE_CHECK := .build/lottie-check
lottie-check: build
	@scripts/install-system-packages.sh python3-venv
	@test -x $(LOTTIE_CHECK)/bin/python || python3 -m venv $(LOTTIE_CHECK)
	$(LOTTIE_CHECK)/bin/pip install --quiet thorvg-python==1.1.3 lottie-specs==0.5.2 jsonschema==4.26.0
	$(SWIFT) build $(RELEASE) --build-tests
	REFRESHKIT_TEST_TOOLS="$$($(SWIFT) build $(RELEASE) --show-bin-path)" REFRESHKIT_LOTTIE_CHECK_PYTHON=$(CURDIR)/$(LOTTIE_CHECK)/bin/python \
		$(SWIFT) test $(RELEASE) --skip-build --filter anIndependentPlayerPlaysTheSameAndTheSchemaHolds

# The randomised state-machine checks at full count, in release (about REFRESHKIT_SEQUENCES each).
soak: deps
	REFRESHKIT_SEQUENCES=$${REFRESHKIT_SEQUENCES:-100000} $(SWIFT) test $(RELEASE) --filter 'RandomSequenceTests|StoreSequenceTests'

# The whole suite RUNS times in a row beside a busy loop per core; names any test that did not pass
# every time (a test that depends on load, timing or order).
RUNS ?= 5
soak-suite: deps
	scripts/soak-suite.sh $(RUNS)

# The preview when there is a display; otherwise (or if it cannot open one) the headless demo.
demo: build
	@status=3; \
	if [ -n "$${DISPLAY:-}" ]; then $(SWIFT) run $(RELEASE) --skip-build refresh-preview; status=$$?; fi; \
	if [ $$status -eq 0 ]; then exit 0; elif [ $$status -ne 3 ]; then exit $$status; fi; \
	echo "No display (DISPLAY is not set or cannot be opened): rendering the demo headless instead."; \
	$(SWIFT) run $(RELEASE) --skip-build refresh-dump run Assets/Scenarios/pull-to-refresh.json --out out/demo --no-frames --format mp4,gif,webp && \
	$(SWIFT) run $(RELEASE) --skip-build refresh-dump run Assets/Scenarios/load-more-to-end.json --plugin "Path Drawing" --out out/demo-load-more --no-frames --webp && \
	$(SWIFT) run $(RELEASE) --skip-build refresh-dump run Assets/Scenarios/refresh-fails.json --plugin Lottie --out out/demo-lottie --no-frames --webp && \
	echo "Open out/demo/pull-to-refresh.mp4 (or .gif, .webp: any browser) and out/demo/contact-sheet.png; also out/demo-load-more/ and out/demo-lottie/."

# Every plugin in its key moments, and as Lottie: out/gallery/gallery.png and index.html (linking
# each plugin's export); then the strips the
# Designer's Guide shows (the goldens of GalleryStripTests) are drawn again.
gallery: build
	$(SWIFT) run $(RELEASE) --skip-build refresh-dump gallery --out out/gallery --export
	$(SWIFT) build $(RELEASE) --build-tests
	REFRESHKIT_UPDATE_GOLDENS=1 $(SWIFT) test $(RELEASE) --skip-build --filter GalleryStripTests

# A release build installed under $(PREFIX) (see scripts/install.sh); the tools then work from any folder.
install: deps
	$(SWIFT) build -c release --scratch-path .build-release
	scripts/install.sh "$(PREFIX)" .build-release/release

# The reference of each public product (DocC), one site each in out/docs/<Module>; a warning
# (a broken symbol link, an unknown parameter) fails it.
DOC_TARGETS := RefreshPluginSDK RefreshSystem RefreshGraphics RefreshCore RefreshHost RefreshTestingCore RefreshTesting
docs: deps
	@mkdir -p out/docs; for target in $(DOC_TARGETS); do \
		$(SWIFT) package $(RELEASE) --allow-writing-to-directory out/docs generate-documentation --target $$target \
			--output-path out/docs/$$target --warnings-as-errors || exit 1; \
	done; echo "Open out/docs/<Module>/index.html through a web server, or read the catalogs in Sources/*/*.docc."

clean:
	rm -rf .build
