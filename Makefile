# RefreshKit. On a fresh Debian machine `make demo` and `make test` do all the set-up:
# they install the missing system packages with apt-get (as root, or through sudo), then build.
SHELL := /bin/bash
SWIFT ?= swift

# Debian packages the build, the tests and the demo need.
SYSTEM_PACKAGES := pkg-config libcairo2-dev libpango1.0-dev libsdl2-dev libpng-dev fonts-dejavu-core fonts-droid-fallback libcjson-dev libwebp-dev

.PHONY: all deps build test demo clean

all: build

deps:
	@scripts/install-system-packages.sh $(SYSTEM_PACKAGES)

# Builds every product (the tests load the plugins and run the executables).
build: deps
	$(SWIFT) build

# The suites use Swift Testing; XCTest finds none and says "Executed 0 tests" first.
test: build
	$(SWIFT) test

# The preview window comes with its issue; until then the demo is the headless trace.
demo: build
	@if [ -z "$${DISPLAY:-}" ]; then \
	  echo "No display (DISPLAY is not set): running the headless demo instead."; \
	else \
	  echo "The preview window is not built yet: running the headless demo."; \
	fi
	@$(SWIFT) run --skip-build refresh-dump trace

clean:
	rm -rf .build
