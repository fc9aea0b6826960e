# studyctl — `make demo` and `make test` work on a fresh Debian/Ubuntu machine (as root) and on macOS with Homebrew.
SWIFT ?= swift
# bash: the test recipe keeps swift test's status through a pipe (pipefail).
SHELL := /bin/bash

.PHONY: all deps test-deps build release install demo test bench bench-gaze bench-refi bench-suggest clean

all: build

deps:
	@scripts/install-deps.sh

# What only the tests use (chromium, LaTeX, tmux, …) on top of deps.
test-deps:
	@scripts/install-deps.sh --tests

build: deps
	$(SWIFT) build

release: deps
	SWIFT=$(SWIFT) scripts/release.sh

# Installs the binary with its data (templates, example studies) under $(PREFIX)/lib/studyctl, a link in
# $(PREFIX)/bin, the manual pages in English and Portuguese (man studyctl, man studyctl.score …; LANG=pt_BR.UTF-8
# man studyctl) and bash, zsh and fish completions.
PREFIX ?= /usr/local
install: release
	SWIFT=$(SWIFT) scripts/manual.sh .build/release/studyctl .build/manual
	install -d "$(PREFIX)/lib/studyctl" "$(PREFIX)/bin" "$(PREFIX)/share/man/man1" "$(PREFIX)/share/man/pt_BR/man1" \
		"$(PREFIX)/share/bash-completion/completions" "$(PREFIX)/share/zsh/site-functions" "$(PREFIX)/share/fish/vendor_completions.d"
	install -m 755 .build/release/studyctl "$(PREFIX)/lib/studyctl/studyctl"
	if [ -f .build/release/studyctl.debug ]; then install -m 644 .build/release/studyctl.debug "$(PREFIX)/lib/studyctl/"; fi
	for bundle in .build/release/*.resources; do rm -rf "$(PREFIX)/lib/studyctl/$$(basename $$bundle)"; cp -R "$$bundle" "$(PREFIX)/lib/studyctl/"; done
	ln -sf ../lib/studyctl/studyctl "$(PREFIX)/bin/studyctl"
	install -m 644 .build/manual/man1/*.1 "$(PREFIX)/share/man/man1/"
	install -m 644 .build/manual/pt_BR/man1/*.1 "$(PREFIX)/share/man/pt_BR/man1/"
	.build/release/studyctl --generate-completion-script bash > "$(PREFIX)/share/bash-completion/completions/studyctl"
	.build/release/studyctl --generate-completion-script zsh > "$(PREFIX)/share/zsh/site-functions/_studyctl"
	.build/release/studyctl --generate-completion-script fish > "$(PREFIX)/share/fish/vendor_completions.d/studyctl.fish"
	@echo "Installed studyctl in $(PREFIX)/bin (data in $(PREFIX)/lib/studyctl), its manual (man studyctl) and completions."

demo: release
	@scripts/install-deps.sh --demo
	@scripts/demo.sh

# A compiler warning in Sources/ or Tests/ fails the test (scripts/check-warnings.sh reads the build's log): the test
# targets are compiled afresh in the debug build, and every module of Sources/ in the release build in .build-plain
# (its dependencies stay built), so the logs hold every warning, not only those of the files a change touched.
# The end-to-end suite runs with the debug binary and again with the one `swift build -c release` makes (in its own
# build folder, .build-plain: dynamic Swift runtime, the optimiser's order of releases); that binary and
# `make release`'s then run every command that reaches a library loaded on first use (scripts/smoke-test.sh).
# On Linux `make test-deps` installs every program a part of a test needs (LaTeX, LibreOffice…), so a part that finds
# one missing fails instead of printing that it was skipped (Tests/studyctlTests/NeededTool.swift).
REQUIRE_TOOLS := $(if $(filter Linux,$(shell uname -s)),STUDYCTL_TESTS_REQUIRE_TOOLS=1,)
test: test-deps
	for catalog in Sources/Wording/Translations/*.po; do msgfmt --check --output-file=/dev/null "$$catalog" || exit 1; done
	@mkdir -p .build
	scripts/check-warnings.sh --recompile .build/debug Tests
	set -o pipefail; $(SWIFT) build --build-tests 2>&1 | tee .build/build.log
	scripts/check-warnings.sh .build/build.log
	set -o pipefail; $(REQUIRE_TOOLS) $(SWIFT) test 2>&1 | tee .build/swift-test.log
	scripts/test-skips.sh .build/swift-test.log
	scripts/check-warnings.sh --recompile .build-plain/release Sources
	set -o pipefail; $(SWIFT) build -c release --product studyctl --scratch-path .build-plain 2>&1 | tee .build/build-release.log
	scripts/check-warnings.sh .build/build-release.log
	$(REQUIRE_TOOLS) STUDYCTL_BIN="$(CURDIR)/.build-plain/release/studyctl" $(SWIFT) test --skip-build --filter studyctlTests
	scripts/smoke-test.sh .build-plain/release/studyctl
	SWIFT=$(SWIFT) scripts/release.sh
	scripts/smoke-test.sh .build/release/studyctl
	$(MAKE) install PREFIX="$(CURDIR)/.build/install-check"
	scripts/install-check.sh "$(CURDIR)/.build/install-check"
	scripts/browser-test.sh .build/debug/studyctl
	scripts/exchange-test.sh .build/debug/studyctl
	scripts/differential-test.sh .build/debug/studyctl

bench: deps
	bench/run.sh

bench-gaze: deps
	bench/run.sh gaze

bench-refi: deps
	bench/run.sh refi

bench-suggest: deps
	bench/run.sh suggest

clean:
	rm -rf .build .build-plain demo-output
