# Tessera — the two commands a person needs: `make run` and `make test` (and `make bench`).
# Both install the Debian packages Tessera builds against when they are missing.

SWIFT ?= swift
APT_PACKAGES := libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev libturbojpeg0-dev libjpeg62-turbo-dev libspng-dev \
	zlib1g-dev libdeflate-dev libexif-dev libwayland-dev libx11-dev libxext-dev libx11-xcb-dev \
	libxcb-shm0-dev libfontconfig-dev libsystemd-dev libspeechd-dev fonts-dejavu-core fonts-comfortaa
# Window tests run under real displays: an X server (Xvfb, with xdotool to click), and the Wayland
# kiosk compositor cage on its headless backend, natively and through Xwayland, with grim to look.
# fonts-noto-cjk: the tests draw the articles' Chinese titles through fontconfig's fallback. Screen
# readers: at-spi2-core (the accessibility bus and registry), python3-pyatspi (the tests' AT-SPI client),
# dbus (a private session bus) and orca. The speaking kiosk's tests run a private speech-dispatcher whose
# module synthesizes with espeak-ng.
TEST_PACKAGES := xvfb xdotool cage grim xwayland weston fonts-noto-cjk at-spi2-core python3-pyatspi dbus orca \
	speech-dispatcher espeak-ng
TEST_TOOLS := Xvfb xdotool cage grim Xwayland weston dbus-daemon busctl orca speech-dispatcher espeak-ng
TEST_FONT := /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
# The faces text is drawn with: DejaVu Sans (Bold) and, for the picker's rounded heavy title, Comfortaa Bold.
FONT := /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
ROUNDED_FONT := /usr/share/fonts/truetype/comfortaa/Comfortaa-Bold.ttf
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
ARGS ?=

.PHONY: run test test-core test-deps monkey soak soak-live bench build release deps link-order photos screenshots check-scenes clean install \
	install-files uninstall fuzz fuzz-build fuzz-corpus

# Installs what is missing (pkg-config names are case-sensitive: sdl2, SDL2_image, SDL2_ttf, libturbojpeg, libjpeg,
# spng, zlib, libdeflate, libexif, wayland-client, x11, x11-xcb, xcb-shm, fontconfig, libsystemd, speech-dispatcher).
deps:
	@if ! pkg-config --exists sdl2 SDL2_image SDL2_ttf libturbojpeg libjpeg spng zlib libdeflate libexif wayland-client x11 \
		x11-xcb xcb-shm fontconfig libsystemd speech-dispatcher 2>/dev/null || [ ! -f $(FONT) ] || [ ! -f $(ROUNDED_FONT) ]; then \
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
	@for tool in $(TEST_TOOLS); do command -v $$tool >/dev/null || missing=1; done; \
	[ -f $(TEST_FONT) ] || missing=1; \
	[ -x /usr/libexec/at-spi-bus-launcher ] || missing=1; \
	/usr/bin/python3 -c 'import pyatspi' 2>/dev/null || missing=1; \
	if [ -n "$$missing" ]; then \
		echo "Installing $(TEST_PACKAGES)"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(TEST_PACKAGES) >/dev/null; \
	fi

# The whole suite, headless (the SDL tests render offscreen with the software renderer), then a short
# fuzz of every hand-written parser (FUZZ_SECONDS each).
test: test-deps
	$(SWIFT) build
	SDL_VIDEODRIVER=dummy $(SWIFT) test
	$(MAKE) fuzz FUZZ_SECONDS=$(TEST_FUZZ_SECONDS) FUZZ_SCRATCH=.build/fuzz-unoptimised FUZZ_SWIFTFLAGS=-Onone

# The display-free suite alone, for a quick check of the core: TesseraGeometryTests, TesseraPhotosTests
# and TesseraCoreTests, built without SDL or the window, accessibility and speech modules
# (TESSERA_CORE_ONLY leaves them out of Package.swift) in a build folder of its own, .build/core, so it
# rebuilds neither `make test`'s build nor its own from nothing: 80 s on 2 cores from nothing, 580 tests
# in 9 s. No display, no external tool.
test-core: deps
	TESSERA_CORE_ONLY=1 $(SWIFT) test --scratch-path .build/core

# libFuzzer under AddressSanitizer, one harness per hand-written parser of untrusted bytes and one for
# the AVX2 scaler (Tests/Fuzz; the C code instrumented as the Swift is): FUZZ_MINUTES per target (10 by default), from the seed corpus in
# Tests/Fuzz/Corpus/<target> and what earlier runs found (.build/fuzz/corpus/<target>). A finding
# (a crash, a leak, an input running past 10 s) stops it, written to .build/fuzz/findings-<target>-*,
# which `.build/fuzz/release/fuzz-<target> FILE` replays. `make test`'s 20-second run of each checks
# that the harnesses still find nothing; it is not a search, so it builds them unoptimised
# (-Onone, in .build/fuzz-unoptimised, whose release/ then replays): 75 s on 2 cores against 190 s.
FUZZ_TARGETS := jpeg-eighth png image-header header-index bilinear-scale
FUZZ_MINUTES ?= 10
FUZZ_SECONDS ?= $(shell echo $$(( $(FUZZ_MINUTES) * 60 )))
TEST_FUZZ_SECONDS ?= 20
FUZZ_SCRATCH ?= .build/fuzz
FUZZ_SWIFTFLAGS ?=
FUZZ_BUILD := TESSERA_FUZZ=1 $(SWIFT) build -c release --scratch-path $(FUZZ_SCRATCH) \
	-Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=address -Xswiftc -enable-testing -Xswiftc -use-ld=lld \
	$(addprefix -Xswiftc ,$(FUZZ_SWIFTFLAGS))

fuzz-build: deps
	@for target in $(FUZZ_TARGETS); do $(FUZZ_BUILD) --product fuzz-$$target || exit 1; done

fuzz: fuzz-build
	@for target in $(FUZZ_TARGETS); do \
		mkdir -p .build/fuzz/corpus/$$target; \
		echo "fuzz-$$target: $(FUZZ_SECONDS) s"; \
		SWIFT_BACKTRACE=enable=no $(FUZZ_SCRATCH)/release/fuzz-$$target -max_total_time=$(FUZZ_SECONDS) \
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

# A real-time soak of the kiosk under cage (headless), driven through --control for HOURS hours (2 by
# default; fractional for a smoke run): RSS, fds, threads and CPU every minute into soak.csv, a plot
# (soak.svg) and the growth per hour (soak.md) in SOAK_OUT (Tools/soak/soak-live.py).
# SOAK_BINARY= runs another build (the static release one that make install ships, say).
HOURS ?= 2
SOAK_OUT ?= .build/soak-live
SOAK_BINARY ?= .build/debug/tessera
soak-live: test-deps
	$(SWIFT) build --product tessera
	python3 Tools/soak/soak-live.py --hours $(HOURS) --out $(SOAK_OUT) --binary $(SOAK_BINARY)

# Release benchmarks: prints a table and writes .build/bench.json (BENCHMARKS.md reads them).
# With a display (or an SDL_VIDEODRIVER that has one) it measures a GPU renderer too.
bench: test-deps
	$(SWIFT) build -c release --product tessera
	$(SWIFT) build -c release --product tessera-bench
	.build/release/tessera-bench

# Rewrites the order in which release builds lay out the functions animated frames run
# (Tools/link-order/tessera.order, read by Package.swift; needs valgrind and Xvfb): after changes to the
# engine's frame, so that new functions join the others. Then removes the linked binaries, which the
# next build links again in the new order (a changed list alone does not make SwiftPM link).
link-order: test-deps
	@command -v valgrind >/dev/null || { $(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq valgrind >/dev/null; }
	$(SWIFT) build -c release --product tessera
	python3 Tools/link-order/generate.py .build/release/tessera Tools/link-order/tessera.order
	rm -f .build/release/tessera .build/release/tessera-bench

# Regenerates the bundled photos (needs Python 3 with numpy and Pillow; not part of the build).
photos:
	python3 Tools/photogen/generate.py Assets/Photos

# Re-renders every picture the README and docs show, headless (look at them before committing); a script's
# NAME.args beside it holds the flags it runs with (a config, an empty photo folder, --kiosk). The test suite
# renders them again and fails when a committed picture is no longer what Tessera draws
# (ScreenshotsAreCurrentTests).
screenshots: build
	for script in docs/screenshots/*.json; do \
		args=""; if [ -f "$${script%.json}.args" ]; then args=$$(eval echo "$$(cat "$${script%.json}.args")"); fi; \
		.build/debug/tessera --headless $$args --script $$script || exit 1; done

# `make install PREFIX=/usr/local` (and `DESTDIR=` for packaging): the binary, built with the Swift
# runtime linked in so it needs only Debian's libraries; Assets/ and Configs/ under share/tessera (the
# binary finds them from its own prefix); the systemd unit, the desktop entry and the man page where the
# FHS and systemd look for them. `make uninstall` removes exactly these.
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR = $(PREFIX)/bin
DATADIR = $(PREFIX)/share/tessera
UNITDIR ?= $(PREFIX)/lib/systemd/system
APPDIR = $(PREFIX)/share/applications
MANDIR = $(PREFIX)/share/man/man1
ICONDIR = $(PREFIX)/share/icons/hicolor/scalable/apps
STATIC_BIN := .build/static/release/tessera
BIN ?= $(STATIC_BIN)

install: deps
	$(SWIFT) build -c release --static-swift-stdlib --scratch-path .build/static --product tessera
	$(MAKE) install-files BIN=$(STATIC_BIN)

# Lays out an already built binary ($(BIN)); the tests use it with the debug build.
install-files:
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(DATADIR) $(DESTDIR)$(UNITDIR) $(DESTDIR)$(APPDIR) $(DESTDIR)$(MANDIR) \
		$(DESTDIR)$(ICONDIR)
	# Stripped: symbols are a quarter of the binary and a kiosk has no use for them (docs/KIOSK.md).
	install -s -m 755 $(BIN) $(DESTDIR)$(BINDIR)/tessera
	rm -rf $(DESTDIR)$(DATADIR)/Assets $(DESTDIR)$(DATADIR)/Configs
	cp -R --no-preserve=ownership Assets Configs $(DESTDIR)$(DATADIR)/
	chmod -R a+rX $(DESTDIR)$(DATADIR)
	sed 's|/usr/local/bin/tessera|$(BINDIR)/tessera|g' Configs/systemd/tessera-kiosk.service \
		> $(DESTDIR)$(UNITDIR)/tessera-kiosk.service
	sed 's|^Exec=tessera|Exec=$(BINDIR)/tessera|' Configs/desktop/tessera.desktop > $(DESTDIR)$(APPDIR)/tessera.desktop
	install -m 644 docs/tessera.1 $(DESTDIR)$(MANDIR)/tessera.1
	install -m 644 Assets/Icons/tessera.svg $(DESTDIR)$(ICONDIR)/tessera.svg

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/tessera $(DESTDIR)$(UNITDIR)/tessera-kiosk.service \
		$(DESTDIR)$(APPDIR)/tessera.desktop $(DESTDIR)$(MANDIR)/tessera.1 $(DESTDIR)$(ICONDIR)/tessera.svg
	rm -rf $(DESTDIR)$(DATADIR)

# A scene is a folder: for each scene, a copy of the tree without it (its folder, its tests' folder, its
# Assets/ folder, registry entry and config sections) must build its sources, tests and bench and run the
# others headless; no code outside its folders names its types (docs/ARCHITECTURE.md, "Adding a scene").
# The copy and its build stay in .build/check-scenes, so each deletion rebuilds only the core and what
# depends on it: 6 min 42 s on 2 cores from nothing, 5 min 18 s again after a merge that touched 52
# files (under 1.5 min a build, the headless runs the rest).
# CI runs it after `make test`.
check-scenes: deps
	SWIFT=$(SWIFT) Tools/check-scene-isolation.sh

clean:
	$(SWIFT) package clean
