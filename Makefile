# Tessera — the two commands a person needs: `make run` and `make test` (and `make bench`).
# Both install the Debian packages Tessera builds against when they are missing.

SWIFT ?= swift
APT_PACKAGES := libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev libturbojpeg0-dev libjpeg62-turbo-dev libspng-dev zlib1g-dev libdeflate-dev libexif-dev fonts-dejavu-core
# The kiosk test runs under a real (virtual) X server.
TEST_PACKAGES := xvfb
FONT := /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
ARGS ?=

.PHONY: run test test-deps monkey soak bench build release deps photos screenshots clean fuzz fuzz-build fuzz-corpus

# Installs what is missing (pkg-config names are case-sensitive: sdl2, SDL2_image, SDL2_ttf, libturbojpeg, libjpeg, spng, zlib, libdeflate, libexif).
deps:
	@if ! pkg-config --exists sdl2 SDL2_image SDL2_ttf libturbojpeg libjpeg spng zlib libdeflate libexif 2>/dev/null || [ ! -f $(FONT) ]; then \
		echo "Installing $(APT_PACKAGES)"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq pkg-config $(APT_PACKAGES) >/dev/null; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

# The windowed demo. Pass flags with ARGS, e.g. `make run ARGS="--scene picker --window 800x600"`.
run: release
	.build/release/tessera $(ARGS)

test-deps: deps
	@command -v Xvfb >/dev/null || { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(TEST_PACKAGES) >/dev/null; }

# The whole suite, headless (the SDL tests render offscreen with the software renderer), then a short
# fuzz of every hand-written parser (FUZZ_SECONDS each).
test: test-deps
	$(SWIFT) build
	SDL_VIDEODRIVER=dummy $(SWIFT) test
	$(MAKE) fuzz FUZZ_SECONDS=$(TEST_FUZZ_SECONDS)

# libFuzzer under AddressSanitizer, one harness per hand-written parser of untrusted bytes
# (Tests/Fuzz): FUZZ_MINUTES per target (10 by default), from the seed corpus in
# Tests/Fuzz/Corpus/<target> and what earlier runs found (.build/fuzz/corpus/<target>). A finding
# (a crash, a leak, an input running past 10 s) stops it, written to .build/fuzz/findings-<target>-*,
# which `.build/fuzz/release/fuzz-<target> FILE` replays.
FUZZ_TARGETS := jpeg-eighth png image-header
FUZZ_MINUTES ?= 10
FUZZ_SECONDS ?= $(shell echo $$(( $(FUZZ_MINUTES) * 60 )))
TEST_FUZZ_SECONDS ?= 20
FUZZ_BUILD := TESSERA_FUZZ=1 $(SWIFT) build -c release --scratch-path .build/fuzz \
	-Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing -Xswiftc -use-ld=lld

fuzz-build: deps
	@for target in $(FUZZ_TARGETS); do $(FUZZ_BUILD) --product fuzz-$$target || exit 1; done

fuzz: fuzz-build
	@for target in $(FUZZ_TARGETS); do \
		mkdir -p .build/fuzz/corpus/$$target; \
		echo "fuzz-$$target: $(FUZZ_SECONDS) s"; \
		SWIFT_BACKTRACE=enable=no .build/fuzz/release/fuzz-$$target -max_total_time=$(FUZZ_SECONDS) \
			-timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
			-artifact_prefix=.build/fuzz/findings-$$target- \
			.build/fuzz/corpus/$$target Tests/Fuzz/Corpus/$$target 2>.build/fuzz/$$target.log \
			|| { tail -40 .build/fuzz/$$target.log; exit 1; }; \
		grep -E "^Done|stat::number_of_executed_units" .build/fuzz/$$target.log | head -1; \
	done

# Regenerates the seed corpora (needs Python 3 with Pillow, and libjpeg-turbo-progs: cjpeg, jpegtran).
fuzz-corpus:
	python3 Tools/fuzzcorpus/generate.py Tests/Fuzz/Corpus

# Long reliability runs: full monkey storms (2,500 events over 50 simulated seconds from each scene),
# and a simulated hour whose memory must stay flat.
monkey: test-deps
	$(SWIFT) build
	TESSERA_LONG=1 SDL_VIDEODRIVER=dummy $(SWIFT) test --skip-build --filter MonkeyTests

soak: test-deps
	$(SWIFT) build
	TESSERA_LONG=1 SDL_VIDEODRIVER=dummy $(SWIFT) test --skip-build --filter SoakTests

# Release benchmarks: prints a table and writes .build/bench.json (BENCHMARKS.md reads them).
# With a display (or an SDL_VIDEODRIVER that has one) it measures a GPU renderer too.
bench: test-deps
	$(SWIFT) build -c release --product tessera
	$(SWIFT) build -c release --product tessera-bench
	.build/release/tessera-bench

# Regenerates the bundled photos (needs Python 3 with numpy and Pillow; not part of the build).
photos:
	python3 Tools/photogen/generate.py Assets/Photos

# Re-renders the README's screenshots headless (look at them before committing).
screenshots: build
	for script in docs/screenshots/*.json; do .build/debug/tessera --headless --script $$script || exit 1; done

clean:
	$(SWIFT) package clean
