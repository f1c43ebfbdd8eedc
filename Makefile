# libpdn and its tools. Plain GNU make; `make help` lists the targets.

# Where make install puts things (GNU names); DESTDIR is prepended to all
# of them (a staging tree), never written into pdn.pc.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
MANDIR ?= $(PREFIX)/share/man
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
DESTDIR ?=
BUILD ?= build
BIN ?= bin

CC ?= cc
# The compiler for programs run during the build (the table generator).
BUILD_CC ?= $(CC)
OBJCOPY ?= objcopy
CFLAGS ?= -O2 -g
# Warnings are errors for developers and CI (make WERROR=1; check, sanitize
# and tsan set it), not in a user's plain make with a newer compiler.
WERROR ?=
WARN = -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
       -Wmissing-prototypes $(if $(filter-out 0 no,$(WERROR)),-Werror)
DEPFLAGS = -MMD -MP
ALL_CPPFLAGS = -D_POSIX_C_SOURCE=200809L -Ilib $(CPPFLAGS)
ALL_CFLAGS = $(WARN) -fPIC $(CFLAGS)
# The library exports only what pdn.h marks PDN_API.
LIB_CFLAGS = -fvisibility=hidden
# uchardet is loaded when needed (lib/encoding_detect.c), not linked.
ALL_LDLIBS = -lcsv -pthread -ldl $(LDLIBS)

LIB_SRC := $(wildcard lib/*.c)
LIB_OBJ := $(LIB_SRC:lib/%.c=$(BUILD)/lib/%.o)
# Tables computed by the build (tools/gen_*.c), included by lib/*.c.
GEN := $(BUILD)/gen
GEN_HEADERS := $(GEN)/geometry_tables.h
# The installed archive: one object whose internal names are local, so they
# cannot collide with a program's own. The unit tests and benchmarks, which
# call internal functions, link the plain objects (LIBA_INTERNAL).
LIBA := $(BUILD)/libpdn.a
LIBA_INTERNAL := $(BUILD)/internal/libpdn.a
SONAME := libpdn.so.0
LIBSO := $(BUILD)/$(SONAME)

CMD_COMMON := $(wildcard cmd/common.c cmd/options.c cmd/choosing.c cmd/report.c cmd/reading.c \
	cmd/output.c cmd/inputs.c cmd/suggest.c cmd/lines.c cmd/played.c cmd/repeats.c cmd/namefiles.c \
	cmd/dxp_game.c cmd/jobs.c cmd/split.c cmd/crosswarn.c cmd/srcline.c cmd/event_dates.c)
# The tools grow their arrays with the library's helper (lib/vec.c): the
# installed archive keeps it local, so they link its object of their own.
CMD_COMMON_OBJ := $(CMD_COMMON:cmd/%.c=$(BUILD)/cmd/%.o) $(BUILD)/lib/vec.o
TOOLS := $(filter-out $(CMD_COMMON:cmd/%.c=%),$(basename $(notdir $(wildcard cmd/*.c))))
# A tool of several files has a folder, cmd/NAME/ with a main.c, and links
# every .c in it.
DIR_TOOLS := $(notdir $(patsubst %/main.c,%,$(wildcard cmd/*/main.c)))
DIR_TOOL_OBJ := $(patsubst cmd/%.c,$(BUILD)/cmd/%.o,$(wildcard $(DIR_TOOLS:%=cmd/%/*.c)))
TOOLS += $(DIR_TOOLS)
TOOL_BINS := $(TOOLS:%=$(BIN)/%)

UNIT_SRC := $(wildcard tests/unit/test_*.c)
# The unit tests that do more under PDN_SLOW=1 (check-slow runs only them
# again: the others would repeat check's run).
SLOW_UNIT_BINS := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,\
	$(shell grep -l PDN_SLOW $(UNIT_SRC)))
UNIT_BINS := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)

BENCH_SRC := $(wildcard bench/*.c)
BENCH_BINS := $(BENCH_SRC:bench/%.c=$(BUILD)/bench/%)

MANS := $(wildcard man/man*/*.[0-9])
LINT_SRC := $(wildcard lib/*.[ch] cmd/*.[ch] cmd/*/*.[ch] tools/*.[ch] bench/*.[ch] tests/unit/*.[ch] \
	tests/fuzz/*.[ch])

VALGRIND_RUN = valgrind -q --error-exitcode=99 --leak-check=full \
	--errors-for-leak-kinds=definite,indirect --show-leak-kinds=definite,indirect
VALGRIND_CMD = $(if $(VALGRIND),$(VALGRIND_RUN))


.PHONY: FORCE all lib tools deps check check-browser test install-test unit cli lint-man lib-symbols \
	lib-cycles sanitize tsan check-slow bench bench-bins install uninstall clean help run fuzz lint \
	check-consumers deps-present deps-fuzz fuzz-bins

# Intermediate files (test objects, generated tables) are kept, so a second
# make has nothing to do.
.SECONDARY:

all: lib tools $(BUILD)/pdn.pc

lib: $(LIBA) $(BUILD)/libpdn.so

tools: $(TOOL_BINS)

help:
	@echo "make            build lib/libpdn (static and shared) and the tools into bin/"
	@echo "make WERROR=1   the same with warnings as errors (developers; check and CI do it)"
	@echo "make deps       install the missing packages (as root; else print the apt-get command)"
	@echo "make check      build with -Werror, run the tests (JOBS=N at a time; every processor)"
	@echo "make test       run the tests of the build (unit, CLI, man pages, symbols, install)"
	@echo "make run        build, check the bundled samples (make deps run on a fresh machine)"
	@echo "make sanitize   unit and CLI tests under ASan+UBSan"
	@echo "make tsan       the library from two threads at once under ThreadSanitizer"
	@echo "make lint       clang-format --dry-run over every C file"
	@echo "make cycles     no two shared files of cmd/, nor of a tool's folder, call each other"
	@echo "make check VALGRIND=1   the tests under valgrind"
	@echo "make check-slow what check leaves out for time: slow golden cases, deeper perft"
	@echo "make check-consumers  pdn2csv --excel opened by LibreOffice (needs soffice)"
	@echo "make bench      speed and memory figures"
	@echo "make fuzz       libFuzzer targets (FUZZ_SECONDS=60 each; make deps-fuzz installs clang)"
	@echo "make install PREFIX=/usr/local   (also BINDIR LIBDIR INCLUDEDIR MANDIR DESTDIR)"
	@echo "make clean      remove BUILD ($(BUILD)) and BIN ($(BIN))"

# The one step that installs packages (as root; otherwise it prints the
# apt-get command). The other targets only ask whether they are there
# (deps-present), after deps when both are named: `make deps check`.
deps:
	@sh scripts/deps.sh

deps-fuzz:
	@sh scripts/deps.sh fuzz

deps-present: $(filter deps,$(MAKECMDGOALS))
	@sh scripts/deps.sh --check

$(BUILD)/lib/%.o: lib/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) -I$(GEN) $(ALL_CFLAGS) $(LIB_CFLAGS) $(DEPFLAGS) -c -o $@ $<

# The generated tables exist before any library object is compiled (the
# dependency files name them only after a first build).
$(LIB_OBJ): | $(GEN_HEADERS)

$(GEN)/gen_%: tools/gen_%.c
	@mkdir -p $(@D)
	$(BUILD_CC) $(ALL_CPPFLAGS) $(WARN) $(DEPFLAGS) -o $@ $<

$(GEN)/%_tables.h: $(GEN)/gen_%
	$< > $@.tmp
	mv $@.tmp $@

# pdn2html's page (cmd/pdn2html/page.*) carried inside the program as byte
# arrays: ISO C caps a string literal at 4095 bytes.
$(GEN)/embed: tools/embed.c
	@mkdir -p $(@D)
	$(BUILD_CC) $(ALL_CPPFLAGS) $(WARN) -o $@ $<

PDN2HTML_PAGE := page_html cmd/pdn2html/page.html page_css cmd/pdn2html/page.css \
	page_js cmd/pdn2html/page.js
$(GEN)/pdn2html_assets.h: $(GEN)/embed $(filter cmd/%,$(PDN2HTML_PAGE))
	$(GEN)/embed $(PDN2HTML_PAGE) > $@.tmp
	mv $@.tmp $@

$(BUILD)/cmd/pdn2html/page.o: $(GEN)/pdn2html_assets.h
$(BUILD)/cmd/pdn2html/page.o: ALL_CPPFLAGS += -I$(GEN)

$(BUILD)/cmd/%.o: cmd/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(BUILD)/tests/%.o: tests/unit/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) -Itests/unit $(ALL_CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(LIBA_INTERNAL): $(LIB_OBJ)
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $^

# One relocatable object, hidden symbols made local: only the PDN_API names
# stay global.
$(BUILD)/libpdn.o: $(LIB_OBJ)
	$(LD) -r -o $@.tmp $^
	$(OBJCOPY) --localize-hidden $@.tmp $@
	rm -f $@.tmp

$(LIBA): $(BUILD)/libpdn.o
	rm -f $@
	$(AR) rcs $@ $^

$(LIBSO): $(LIB_OBJ)
	$(CC) $(CFLAGS) $(LDFLAGS) -shared -Wl,-soname,$(SONAME) -o $@ $^ $(ALL_LDLIBS)

$(BUILD)/libpdn.so: $(LIBSO)
	ln -sf $(SONAME) $@

$(BIN)/%: $(BUILD)/cmd/%.o $(CMD_COMMON_OBJ) $(LIBA)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(ALL_LDLIBS) -lm

define dir_tool_rule
$(BIN)/$(1): $(filter $(BUILD)/cmd/$(1)/%,$(DIR_TOOL_OBJ)) $(CMD_COMMON_OBJ) $(LIBA)
	@mkdir -p $$(@D)
	$$(CC) $$(CFLAGS) $$(LDFLAGS) -o $$@ $$^ $$(ALL_LDLIBS) -lm
endef
$(foreach t,$(DIR_TOOLS),$(eval $(call dir_tool_rule,$(t))))
# The full-screen tools (pdnreplay's view, pdnplay) share cmd/screen/ and
# draw with ncursesw.
SCREEN_OBJ := $(patsubst cmd/%.c,$(BUILD)/cmd/%.o,$(wildcard cmd/screen/*.c))
$(BIN)/pdnreplay $(BIN)/pdnplay: $(SCREEN_OBJ)
$(BIN)/pdnreplay $(BIN)/pdnplay: ALL_LDLIBS += -lncursesw
# pdnstats --merge reads and writes JSON with jansson.
$(BIN)/pdnstats: ALL_LDLIBS += -ljansson

# Files call in one direction: no two of the files every tool links
# (CMD_COMMON), nor two files of a tool's folder with the screen they
# share, call each other, directly or through others.
.PHONY: cycles
cycles: tools
	@sh tests/check-cycles.sh $(CMD_COMMON:cmd/%.c=$(BUILD)/cmd/%.o)
	@for t in $(DIR_TOOLS); do \
		sh tests/check-cycles.sh $(BUILD)/cmd/$$t/*.o $(SCREEN_OBJ) || exit 1; \
	done
	@echo "cycles: the shared files of cmd/, and those of $(DIR_TOOLS) and cmd/screen, call in one direction"

$(BUILD)/tests/test_%: $(BUILD)/tests/test_%.o $(LIBA_INTERNAL)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ -lcmocka $(ALL_LDLIBS) -lm

# test_locale runs the library in Turkish locales, where strcasecmp and
# tolower fold 'I' otherwise: made here with localedef (libc-bin) from
# Debian's locales package, under the build, as no machine need have them.
TEST_LOCALES := tr_TR.UTF-8 tr_TR.ISO-8859-9
$(BUILD)/locale/%/LC_CTYPE:
	@mkdir -p $(BUILD)/locale
	localedef -i $(basename $*) -f $(patsubst .%,%,$(suffix $*)) $(@D)
$(BUILD)/tests/test_locale: | $(TEST_LOCALES:%=$(BUILD)/locale/%/LC_CTYPE)
$(BUILD)/tests/test_locale.o: ALL_CPPFLAGS += -DPDN_TEST_LOCPATH='"$(BUILD)/locale"'
# It parses pdn_stats_write's JSON back with jansson, as fuzz_stats does.
$(BUILD)/tests/test_locale: ALL_LDLIBS += -ljansson


$(BUILD)/bench/%: bench/%.c bench/bench.h $(LIBA_INTERNAL)
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(LIBA_INTERNAL) $(ALL_LDLIBS) -lm

PDN_VERSION_TEXT = $(shell sed -n 's/^\#define PDN_VERSION "\(.*\)"/\1/p' lib/pdn.h)
# The pkg-config file names the installed places: make_pc < pdn.pc.in
make_pc = sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' \
	-e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' -e 's|@VERSION@|$(PDN_VERSION_TEXT)|'

# Rebuilt whenever a place changes, so an install never ships a stale one.
$(BUILD)/pdn.pc: pdn.pc.in Makefile FORCE
	@mkdir -p $(@D)
	@$(make_pc) $< > $@.tmp
	@if cmp -s $@.tmp $@; then rm $@.tmp; else mv $@.tmp $@; fi

FORCE:

# The whole suite. It installs nothing (`make deps` does): a missing
# package stops it at once with the command that installs it. Builds and
# tests run JOBS at a time (default: the processors), unless make was
# given its own -j; -O keeps each test's lines together.
JOBS ?= $(shell getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
PARALLEL = $(if $(filter -j%,$(MAKEFLAGS)),,-j$(JOBS))
check: deps-present
	$(MAKE) $(PARALLEL) WERROR=1 all
	$(MAKE) $(PARALLEL) -O WERROR=1 test

test: unit cli lint-man lib-symbols lib-cycles install-test cycles

install-test: all
	@sh tests/install.sh "$(BUILD)" "$(BIN)"

unit: $(UNIT_BINS)
	@sh tests/run-unit.sh "$(VALGRIND_CMD)" $(UNIT_BINS)

# The golden cases (the quick ones: `slow` cases wait for check-slow) and
# the scripts that drive a tool through a terminal or a socket, which
# mostly wait: each its own target, so that they run side by side.
CLI_SCRIPTS := tui hub match dxp analyse play play-tui
.PHONY: cli-golden $(CLI_SCRIPTS:%=cli-%)
cli: cli-golden $(CLI_SCRIPTS:%=cli-%)

cli-golden: tools
	@sh tests/cli/run.sh "$(BIN)" "$(VALGRIND_CMD)"

$(CLI_SCRIPTS:%=cli-%): cli-%: tools
	@sh tests/cli/$*.sh "$(BIN)"

# The shared library exports exactly pdn.h's PDN_API names; no library
# object holds writable data; it calls nothing that answers by the locale.
lib-symbols: $(BUILD)/libpdn.so $(LIBA)
	@sh tests/lib-symbols.sh lib/pdn.h $(BUILD)/libpdn.so $(LIBA) $(LIB_OBJ)

# No two library files call each other, directly or through others: the
# same check as the tools' (cycles).
lib-cycles: $(LIB_OBJ)
	@sh tests/check-cycles.sh $(LIB_OBJ)
	@echo "lib-cycles: $(words $(LIB_OBJ)) files, no file calls back into a file that calls it"

lint-man:
	@if [ -n "$(MANS)" ]; then mandoc -Tlint -W warning $(MANS) && echo "man pages: mandoc -Tlint clean"; fi
	@if [ -n "$(MANS)" ]; then sh tests/check-man-groff.sh $(MANS); fi

# In parallel as check is: the build, and the scripts that mostly wait
# side by side (CI ran them one after the other here). The hostile inputs
# of 50 MB at 2 (PDN_HOSTILE_SMALL): the same paths, and the plain build's
# run shows the time linear at 50 (test_hostile_read took 24 s under
# ASan, 9.5 s so).
sanitize: deps-present
	PDN_HOSTILE_SMALL=1 $(MAKE) $(PARALLEL) -O BUILD=$(BUILD)/asan BIN=$(BUILD)/asan/bin WERROR=1 \
		CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
		unit cli

# The library and tests/unit/test_threads.c built with -fsanitize=thread:
# two threads read, replay and write files at the same moment; and
# test_reader_threads.c: files read in parts by threads of the reader;
# test_stats_game.c: pdnstats' records read on those threads;
# test_blocks.c and test_stats_write.c: the repeats table made by threads;
# test_date_orders_read.c: a file's dates read ahead by threads on its parts.
TSAN_OPTIONS_RUN = halt_on_error=1 second_deadlock_stack=1 suppressions=$(CURDIR)/tests/tsan.supp
# Then the tools' -j threads (cmd/jobs.c) on real files, each with four.
JOBS_TOOLS = pdncheck pdnfmt pdnstats pdn2csv
tsan: deps-present
	$(MAKE) $(PARALLEL) BUILD=$(BUILD)/tsan BIN=$(BUILD)/tsan/bin WERROR=1 \
		CFLAGS="-O1 -g -fsanitize=thread -fno-omit-frame-pointer" $(BUILD)/tsan/tests/test_threads \
		$(BUILD)/tsan/tests/test_reader_threads $(BUILD)/tsan/tests/test_stats_game \
		$(BUILD)/tsan/tests/test_blocks $(BUILD)/tsan/tests/test_stats_write \
		$(BUILD)/tsan/tests/test_date_orders_read $(BUILD)/tsan/tests/test_date_orders_deferred \
		$(JOBS_TOOLS:%=$(BUILD)/tsan/bin/%)
	TSAN_OPTIONS="$(TSAN_OPTIONS_RUN) $(TSAN_OPTIONS)" $(BUILD)/tsan/tests/test_threads
	TSAN_OPTIONS="$(TSAN_OPTIONS_RUN) $(TSAN_OPTIONS)" $(BUILD)/tsan/tests/test_reader_threads
	TSAN_OPTIONS="$(TSAN_OPTIONS_RUN) $(TSAN_OPTIONS)" $(BUILD)/tsan/tests/test_stats_game
	TSAN_OPTIONS="$(TSAN_OPTIONS_RUN) $(TSAN_OPTIONS)" $(BUILD)/tsan/tests/test_blocks
	TSAN_OPTIONS="$(TSAN_OPTIONS_RUN) $(TSAN_OPTIONS)" $(BUILD)/tsan/tests/test_stats_write
	TSAN_OPTIONS="$(TSAN_OPTIONS_RUN) $(TSAN_OPTIONS)" $(BUILD)/tsan/tests/test_date_orders_read
	TSAN_OPTIONS="$(TSAN_OPTIONS_RUN) $(TSAN_OPTIONS)" $(BUILD)/tsan/tests/test_date_orders_deferred
	# The tools' own output is not wanted, but a race report is: TSan writes
	# it to log_path.PID, shown when the run fails (a rare race must say where).
	for t in $(JOBS_TOOLS); do rm -f $(BUILD)/tsan/report.$$t.*; \
		TSAN_OPTIONS="$(TSAN_OPTIONS_RUN) exitcode=66 log_path=$(abspath $(BUILD))/tsan/report.$$t $(TSAN_OPTIONS)" \
		PDN_READER_PART_BYTES=256 \
		$(BUILD)/tsan/bin/$$t -j 4 tests/data/tournaments tests/data/encodings >/dev/null 2>&1; \
		if [ $$? -eq 66 ]; then cat $(BUILD)/tsan/report.$$t.*; exit 1; fi; \
		echo "tsan: $$t -j 4 clean"; done

# libFuzzer targets: the library and tests/fuzz/fuzz_*.c built by this
# Makefile with clang (FUZZ_CC) under ASan and UBSan into $(BUILD)/fuzz,
# then each run FUZZ_SECONDS (tests/fuzz/run.sh). clang finds its own
# libFuzzer runtime; `make deps-fuzz` installs the one of its version.
FUZZ_SECONDS ?= 60
FUZZ_CC ?= clang
FUZZ_CFLAGS = -g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined \
	-fno-sanitize-recover=all -fsanitize=fuzzer-no-link
FUZZ_SRC := $(wildcard tests/fuzz/fuzz_*.c)
fuzz: $(filter deps-fuzz,$(MAKECMDGOALS))
	@sh scripts/deps.sh --check fuzz
	$(MAKE) $(PARALLEL) BUILD=$(BUILD)/fuzz BIN=$(BUILD)/fuzz/tools CC=$(FUZZ_CC) \
		CFLAGS="$(FUZZ_CFLAGS)" WERROR=1 fuzz-bins
	@sh tests/fuzz/run.sh $(FUZZ_SECONDS) $(BUILD)/fuzz

# Inside the build above (BUILD is $(BUILD)/fuzz there).
fuzz-bins: $(FUZZ_SRC:tests/fuzz/%.c=$(BUILD)/bin/%)

$(BUILD)/bin/fuzz_%: tests/fuzz/fuzz_%.c $(LIBA_INTERNAL)
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) -Itests/fuzz $(ALL_CFLAGS) $(DEPFLAGS) -fsanitize=fuzzer -o $@ $< \
		$(LIBA_INTERNAL) $(ALL_LDLIBS) -lm
# fuzz_stats parses pdnstats's JSON back with jansson.
$(BUILD)/bin/fuzz_stats: ALL_LDLIBS += -ljansson

# A real spreadsheet program reads pdn2csv --excel (LibreOffice headless:
# Debian libreoffice-calc-nogui, which CI installs; too slow for check).
check-consumers: all
	@sh tests/consumers/libreoffice.sh "$(BIN)"

# pdn2html's pages in a real browser (headless Chromium, driven over the
# DevTools protocol): apart from make check, which needs no browser; CI runs it.
check-browser: all
	@sh scripts/deps.sh --check browser
	/usr/bin/python3 tests/browser/browser.py "$(BIN)" "$(BUILD)/browser"

# What check leaves out for time: the golden cases marked slow (round
# trips over whole corpora, huge inputs) and the deeper perft counts.
check-slow: deps-present
	$(MAKE) $(PARALLEL) WERROR=1 all $(UNIT_BINS)
	@sh tests/cli/run.sh --slow "$(BIN)" "$(VALGRIND_CMD)"
	@PDN_SLOW=1 sh tests/run-unit.sh "$(VALGRIND_CMD)" $(SLOW_UNIT_BINS)

bench: deps-present
	$(MAKE) all bench-bins
	@sh bench/run.sh "$(BIN)" "$(BUILD)/bench"

bench-bins: $(BENCH_BINS)

run: deps-present
	$(MAKE) all
	@sh scripts/run-samples.sh "$(BIN)"

install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(PKGCONFIGDIR) \
		$(DESTDIR)$(INCLUDEDIR)
	install -m 755 $(TOOL_BINS) $(DESTDIR)$(BINDIR)
	install -m 644 $(LIBA) $(DESTDIR)$(LIBDIR)
	install -m 755 $(LIBSO) $(DESTDIR)$(LIBDIR)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libpdn.so
	install -m 644 lib/pdn.h $(DESTDIR)$(INCLUDEDIR)
	install -m 644 $(BUILD)/pdn.pc $(DESTDIR)$(PKGCONFIGDIR)
	for m in $(MANS); do \
		d=$(DESTDIR)$(MANDIR)/$$(basename $$(dirname $$m)); \
		install -d $$d && install -m 644 $$m $$d; done

uninstall:
	rm -f $(TOOLS:%=$(DESTDIR)$(BINDIR)/%) $(DESTDIR)$(LIBDIR)/libpdn.* \
		$(DESTDIR)$(INCLUDEDIR)/pdn.h $(DESTDIR)$(PKGCONFIGDIR)/pdn.pc
	for m in $(MANS); do \
		rm -f $(DESTDIR)$(MANDIR)/$$(basename $$(dirname $$m))/$$(basename $$m); done

lint: deps-present
	clang-format --dry-run --Werror $(LINT_SRC)

clean:
	rm -rf $(BUILD) $(BIN)

-include $(LIB_OBJ:.o=.d) $(CMD_COMMON_OBJ:.o=.d) $(TOOLS:%=$(BUILD)/cmd/%.d) $(DIR_TOOL_OBJ:.o=.d) \
	$(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%.d) $(GEN_HEADERS:$(GEN)/%_tables.h=$(GEN)/gen_%.d) \
	$(FUZZ_SRC:tests/fuzz/%.c=$(BUILD)/bin/%.d)
