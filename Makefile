# libpdn and its tools. Plain GNU make; `make help` lists the targets.

PREFIX ?= /usr/local
DESTDIR ?=
BUILD ?= build
BIN ?= bin

CC ?= cc
CFLAGS ?= -O2 -g
WARN = -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
       -Wmissing-prototypes -Werror
DEPFLAGS = -MMD -MP
ALL_CPPFLAGS = -D_POSIX_C_SOURCE=200809L -Ilib $(CPPFLAGS)
ALL_CFLAGS = $(WARN) -fPIC $(CFLAGS)
# The library exports only what pdn.h marks PDN_API.
LIB_CFLAGS = -fvisibility=hidden
LDLIBS_CSV = $(if $(wildcard lib/csv.c),-lcsv)
ALL_LDLIBS = $(LDLIBS_CSV) -luchardet $(LDLIBS)

LIB_SRC := $(wildcard lib/*.c)
LIB_OBJ := $(LIB_SRC:lib/%.c=$(BUILD)/lib/%.o)
LIBA := $(BUILD)/libpdn.a
SONAME := libpdn.so.0
LIBSO := $(BUILD)/$(SONAME)

CMD_COMMON := $(wildcard cmd/common.c cmd/output.c)
CMD_COMMON_OBJ := $(CMD_COMMON:cmd/%.c=$(BUILD)/cmd/%.o)
TOOLS := $(filter-out common output,$(basename $(notdir $(wildcard cmd/*.c))))
TOOL_BINS := $(TOOLS:%=$(BIN)/%)

UNIT_SRC := $(wildcard tests/unit/test_*.c)
UNIT_BINS := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)
UNIT_HELPERS := $(wildcard tests/unit/helpers.c)

BENCH_SRC := $(wildcard bench/*.c)
BENCH_BINS := $(BENCH_SRC:bench/%.c=$(BUILD)/bench/%)

MANS := $(wildcard man/man*/*.[0-9])

VALGRIND_RUN = valgrind -q --error-exitcode=99 --leak-check=full \
	--errors-for-leak-kinds=definite,indirect --show-leak-kinds=definite,indirect
VALGRIND_CMD = $(if $(VALGRIND),$(VALGRIND_RUN))


.PHONY: FORCE all lib tools deps check test install-test unit cli lint-man sanitize check-slow bench \
	install uninstall clean help run fuzz lint

all: lib tools $(BUILD)/pdn.pc

lib: $(LIBA) $(BUILD)/libpdn.so

tools: $(TOOL_BINS)

help:
	@echo "make            build lib/libpdn (static and shared) and the tools into bin/"
	@echo "make check      install missing build dependencies, build, run every test"
	@echo "make run        install what is missing, build, check the bundled samples"
	@echo "make sanitize   unit and CLI tests under ASan+UBSan"
	@echo "make check VALGRIND=1   the tests under valgrind"
	@echo "make check-slow deeper perft counts"
	@echo "make bench      speed and memory figures"
	@echo "make fuzz       libFuzzer targets (FUZZ_SECONDS=60 each)"
	@echo "make install PREFIX=/usr/local"

deps:
	@sh scripts/deps.sh

$(BUILD)/lib/%.o: lib/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(LIB_CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(BUILD)/cmd/%.o: cmd/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(BUILD)/tests/%.o: tests/unit/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) -Itests/unit $(ALL_CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(LIBA): $(LIB_OBJ)
	@mkdir -p $(@D)
	rm -f $@
	ar rcs $@ $^

$(LIBSO): $(LIB_OBJ)
	$(CC) $(CFLAGS) -shared -Wl,-soname,$(SONAME) -o $@ $^ $(ALL_LDLIBS)

$(BUILD)/libpdn.so: $(LIBSO)
	ln -sf $(SONAME) $@

$(BIN)/%: $(BUILD)/cmd/%.o $(CMD_COMMON_OBJ) $(LIBA)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(ALL_LDLIBS) -lm

$(BUILD)/tests/test_%: $(BUILD)/tests/test_%.o $(UNIT_HELPERS:tests/unit/%.c=$(BUILD)/tests/%.o) $(LIBA)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ -lcmocka $(ALL_LDLIBS) -lm

$(BUILD)/bench/%: bench/%.c $(LIBA)
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) -o $@ $< $(LIBA) $(ALL_LDLIBS) -lm

PDN_VERSION_TEXT = $(shell sed -n 's/^\#define PDN_VERSION "\(.*\)"/\1/p' lib/pdn.h)
# The pkg-config file for a prefix: $(call make_pc,PREFIX) < pdn.pc.in
make_pc = sed -e 's|@PREFIX@|$(1)|' -e 's|@VERSION@|$(PDN_VERSION_TEXT)|' -e 's|@LIBS@|$(LDLIBS_CSV)|'

# Rebuilt whenever PREFIX changes, so an install never ships a stale prefix.
$(BUILD)/pdn.pc: pdn.pc.in Makefile FORCE
	@mkdir -p $(@D)
	@$(call make_pc,$(PREFIX)) $< > $@.tmp
	@if cmp -s $@.tmp $@; then rm $@.tmp; else mv $@.tmp $@; fi

FORCE:

# The whole suite, after installing whatever the build needs.
check: deps
	$(MAKE) all
	$(MAKE) test

test: unit cli lint-man install-test

install-test: all
	@sh tests/install.sh "$(BUILD)" "$(BIN)"

unit: $(UNIT_BINS)
	@sh tests/run-unit.sh "$(VALGRIND_CMD)" $(UNIT_BINS)

cli: tools
	@sh tests/cli/run.sh "$(BIN)" "$(VALGRIND_CMD)"

lint-man:
	@if [ -n "$(MANS)" ]; then mandoc -Tlint -W warning $(MANS) && echo "man pages: mandoc -Tlint clean"; fi

sanitize: deps
	$(MAKE) BUILD=build/asan BIN=build/asan/bin \
		CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
		unit cli

# libFuzzer targets, FUZZ_SECONDS each (clang; see tests/fuzz/run.sh).
FUZZ_SECONDS ?= 60
fuzz: deps
	@sh tests/fuzz/run.sh $(FUZZ_SECONDS)

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

lint:
	clang-format --dry-run --Werror lib/*.[ch] cmd/*.[ch] tests/unit/*.[ch]

clean:
	rm -rf build bin

-include $(LIB_OBJ:.o=.d) $(CMD_COMMON_OBJ:.o=.d) $(TOOLS:%=$(BUILD)/cmd/%.d) \
	$(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%.d)
