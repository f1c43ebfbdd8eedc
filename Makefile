# libpdn and its tools. Plain GNU make; `make help` lists the targets.

PREFIX ?= /usr/local
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
ALL_LDLIBS = -luchardet -lcsv $(LDLIBS)

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

CMD_COMMON := $(wildcard cmd/common.c cmd/output.c cmd/inputs.c cmd/suggest.c cmd/lines.c cmd/played.c \
	cmd/dxp_game.c)
# The tools grow their arrays with the library's helper (lib/vec.c): the
# installed archive keeps it local, so they link its object of their own.
CMD_COMMON_OBJ := $(CMD_COMMON:cmd/%.c=$(BUILD)/cmd/%.o) $(BUILD)/lib/vec.o
TOOLS := $(filter-out common output inputs suggest lines played dxp_game,$(basename $(notdir \
	$(wildcard cmd/*.c))))
# A tool of several files has a folder, cmd/NAME/ with a main.c, and links
# every .c in it.
DIR_TOOLS := $(notdir $(patsubst %/main.c,%,$(wildcard cmd/*/main.c)))
DIR_TOOL_OBJ := $(patsubst cmd/%.c,$(BUILD)/cmd/%.o,$(wildcard $(DIR_TOOLS:%=cmd/%/*.c)))
TOOLS += $(DIR_TOOLS)
TOOL_BINS := $(TOOLS:%=$(BIN)/%)

UNIT_SRC := $(wildcard tests/unit/test_*.c)
UNIT_BINS := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)

BENCH_SRC := $(wildcard bench/*.c)
BENCH_BINS := $(BENCH_SRC:bench/%.c=$(BUILD)/bench/%)

MANS := $(wildcard man/man*/*.[0-9])
LINT_SRC := $(wildcard lib/*.[ch] cmd/*.[ch] cmd/*/*.[ch] tools/*.[ch] bench/*.[ch] tests/unit/*.[ch] \
	tests/fuzz/*.[ch])

VALGRIND_RUN = valgrind -q --error-exitcode=99 --leak-check=full \
	--errors-for-leak-kinds=definite,indirect --show-leak-kinds=definite,indirect
VALGRIND_CMD = $(if $(VALGRIND),$(VALGRIND_RUN))


.PHONY: FORCE all lib tools deps check test install-test unit cli lint-man lib-symbols lib-cycles sanitize \
	tsan check-slow bench bench-bins install uninstall clean help run fuzz lint check-consumers

# Intermediate files (test objects, generated tables) are kept, so a second
# make has nothing to do.
.SECONDARY:

all: lib tools $(BUILD)/pdn.pc

lib: $(LIBA) $(BUILD)/libpdn.so

tools: $(TOOL_BINS)

help:
	@echo "make            build lib/libpdn (static and shared) and the tools into bin/"
	@echo "make WERROR=1   the same with warnings as errors (developers; check and CI do it)"
	@echo "make check      install missing build dependencies, build, run every test"
	@echo "make test       run every test of the build (unit, CLI, man pages, symbols, install)"
	@echo "make run        install what is missing, build, check the bundled samples"
	@echo "make sanitize   unit and CLI tests under ASan+UBSan"
	@echo "make tsan       the library from two threads at once under ThreadSanitizer"
	@echo "make lint       clang-format --dry-run over every C file"
	@echo "make check VALGRIND=1   the tests under valgrind"
	@echo "make check-slow deeper perft counts"
	@echo "make check-consumers  pdn2csv --excel opened by LibreOffice (needs soffice)"
	@echo "make bench      speed and memory figures"
	@echo "make fuzz       libFuzzer targets (FUZZ_SECONDS=60 each)"
	@echo "make install PREFIX=/usr/local"
	@echo "make clean      remove BUILD ($(BUILD)) and BIN ($(BIN))"

deps:
	@sh scripts/deps.sh

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
# pdnreplay's interactive view (cmd/pdnreplay/tui*.c) draws with ncursesw.
$(BIN)/pdnreplay: ALL_LDLIBS += -lncursesw

$(BUILD)/tests/test_%: $(BUILD)/tests/test_%.o $(LIBA_INTERNAL)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ -lcmocka $(ALL_LDLIBS) -lm

$(BUILD)/tests/test_threads: ALL_LDLIBS += -pthread

$(BUILD)/bench/%: bench/%.c $(LIBA_INTERNAL)
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(LIBA_INTERNAL) $(ALL_LDLIBS) -lm

PDN_VERSION_TEXT = $(shell sed -n 's/^\#define PDN_VERSION "\(.*\)"/\1/p' lib/pdn.h)
# The pkg-config file for a prefix: $(call make_pc,PREFIX) < pdn.pc.in
make_pc = sed -e 's|@PREFIX@|$(1)|' -e 's|@VERSION@|$(PDN_VERSION_TEXT)|'

# Rebuilt whenever PREFIX changes, so an install never ships a stale prefix.
$(BUILD)/pdn.pc: pdn.pc.in Makefile FORCE
	@mkdir -p $(@D)
	@$(call make_pc,$(PREFIX)) $< > $@.tmp
	@if cmp -s $@.tmp $@; then rm $@.tmp; else mv $@.tmp $@; fi

FORCE:

# The whole suite, after installing whatever the build needs.
check: deps
	$(MAKE) WERROR=1 all
	$(MAKE) WERROR=1 test

test: unit cli lint-man lib-symbols lib-cycles install-test

install-test: all
	@sh tests/install.sh "$(BUILD)" "$(BIN)"

unit: $(UNIT_BINS)
	@sh tests/run-unit.sh "$(VALGRIND_CMD)" $(UNIT_BINS)

cli: tools
	@sh tests/cli/run.sh "$(BIN)" "$(VALGRIND_CMD)"
	@sh tests/cli/tui.sh "$(BIN)"
	@sh tests/cli/hub.sh "$(BIN)"
	@sh tests/cli/match.sh "$(BIN)"
	@sh tests/cli/dxp.sh "$(BIN)"
	@sh tests/cli/analyse.sh "$(BIN)"
	@sh tests/cli/play.sh "$(BIN)"

# The shared library exports exactly pdn.h's PDN_API names; no library
# object holds writable data.
lib-symbols: $(BUILD)/libpdn.so $(LIBA)
	@sh tests/lib-symbols.sh lib/pdn.h $(BUILD)/libpdn.so $(LIBA) $(LIB_OBJ)

# No two library files call each other, directly or through others.
lib-cycles: $(LIB_OBJ)
	@sh tests/lib-cycles.sh $(LIB_OBJ)

lint-man:
	@if [ -n "$(MANS)" ]; then mandoc -Tlint -W warning $(MANS) && echo "man pages: mandoc -Tlint clean"; fi
	@if [ -n "$(MANS)" ]; then sh tests/check-man-groff.sh $(MANS); fi

sanitize: deps
	$(MAKE) BUILD=$(BUILD)/asan BIN=$(BUILD)/asan/bin WERROR=1 \
		CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
		unit cli

# The library and tests/unit/test_threads.c built with -fsanitize=thread:
# two threads read, replay and write files at the same moment.
TSAN_OPTIONS_RUN = halt_on_error=1 second_deadlock_stack=1 suppressions=$(CURDIR)/tests/tsan.supp
tsan: deps
	$(MAKE) BUILD=$(BUILD)/tsan BIN=$(BUILD)/tsan/bin WERROR=1 \
		CFLAGS="-O1 -g -fsanitize=thread -fno-omit-frame-pointer" $(BUILD)/tsan/tests/test_threads
	TSAN_OPTIONS="$(TSAN_OPTIONS_RUN) $(TSAN_OPTIONS)" $(BUILD)/tsan/tests/test_threads

# libFuzzer targets, FUZZ_SECONDS each (clang; see tests/fuzz/run.sh).
FUZZ_SECONDS ?= 60
fuzz: deps
	@sh tests/fuzz/run.sh $(FUZZ_SECONDS)

# A real spreadsheet program reads pdn2csv --excel (LibreOffice headless:
# Debian libreoffice-calc-nogui, which CI installs; too slow for check).
check-consumers: all
	@sh tests/consumers/libreoffice.sh "$(BIN)"

check-slow: all
	PDN_SLOW=1 $(MAKE) unit

bench: deps
	$(MAKE) all bench-bins
	@sh bench/run.sh "$(BIN)" "$(BUILD)/bench"

bench-bins: $(BENCH_BINS)

run: deps
	$(MAKE) all
	@sh scripts/run-samples.sh "$(BIN)"

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/pkgconfig \
		$(DESTDIR)$(PREFIX)/include
	install -m 755 $(TOOL_BINS) $(DESTDIR)$(PREFIX)/bin
	install -m 644 $(LIBA) $(DESTDIR)$(PREFIX)/lib
	install -m 755 $(LIBSO) $(DESTDIR)$(PREFIX)/lib
	ln -sf $(SONAME) $(DESTDIR)$(PREFIX)/lib/libpdn.so
	install -m 644 lib/pdn.h $(DESTDIR)$(PREFIX)/include
	install -m 644 $(BUILD)/pdn.pc $(DESTDIR)$(PREFIX)/lib/pkgconfig
	for m in $(MANS); do \
		d=$(DESTDIR)$(PREFIX)/share/man/$$(basename $$(dirname $$m)); \
		install -d $$d && install -m 644 $$m $$d; done

uninstall:
	rm -f $(TOOLS:%=$(DESTDIR)$(PREFIX)/bin/%) $(DESTDIR)$(PREFIX)/lib/libpdn.* \
		$(DESTDIR)$(PREFIX)/include/pdn.h $(DESTDIR)$(PREFIX)/lib/pkgconfig/pdn.pc
	for m in $(MANS); do \
		rm -f $(DESTDIR)$(PREFIX)/share/man/$$(basename $$(dirname $$m))/$$(basename $$m); done

lint: deps
	clang-format --dry-run --Werror $(LINT_SRC)

clean:
	rm -rf $(BUILD) $(BIN)

-include $(LIB_OBJ:.o=.d) $(CMD_COMMON_OBJ:.o=.d) $(TOOLS:%=$(BUILD)/cmd/%.d) $(DIR_TOOL_OBJ:.o=.d) \
	$(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%.d) $(GEN_HEADERS:$(GEN)/%_tables.h=$(GEN)/gen_%.d)
