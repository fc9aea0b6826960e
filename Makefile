# studyctl — `make demo` and `make test` work on a fresh Debian/Ubuntu machine (as root) and on macOS with Homebrew.
SWIFT ?= swift

.PHONY: all deps build release demo test bench clean

all: build

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product studyctl

demo: release
	@scripts/demo.sh

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test

bench: deps
	bench/run.sh

clean:
	rm -rf .build demo-output
