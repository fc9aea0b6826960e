# studyctl — `make demo` and `make test` work on a fresh Debian/Ubuntu machine (as root) and on macOS with Homebrew.
SWIFT ?= swift
# On Linux the release binary links the Swift runtime statically: about a third less start-up time per command.
RELEASE_FLAGS := $(if $(filter Linux,$(shell uname -s)),--static-swift-stdlib,)

.PHONY: all deps build release demo test bench bench-gaze clean

all: build

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product studyctl $(RELEASE_FLAGS)

demo: release
	@scripts/demo.sh

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test
	scripts/browser-test.sh .build/debug/studyctl
	scripts/exchange-test.sh .build/debug/studyctl
	scripts/differential-test.sh .build/debug/studyctl

bench: deps
	bench/run.sh

bench-gaze: deps
	bench/run.sh gaze

clean:
	rm -rf .build demo-output
