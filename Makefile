# autotile — build, test, demo and benchmarks.
#
#   make          build bin/autotile (installs missing Debian packages first)
#   make demo     build, optimize an example, run both versions, show the speedup
#   make test     unit tests, differential tests, error-path tests, sanitizers
#   make bench    time every example: original, fixed:32, the measured oracle
#                 and every scan combination (long: tens of minutes)
#   make train    train weights/default.json on the measured dataset
#   make eval     metrics of weights/default.json on held-out kernels
#   make eval-wild  autotile's real choices on those kernels, timed now
#   make verify-long  about 10,500 random (kernel, legal candidate) differential
#                 checks (long: about an hour on 2 cores)
#   make mutate   autotile (sanitizer build) on MUTATE_SEEDS mutated examples
#                 and tests/errors programs: no crash, and no wrong code
#                 where a mutant is a valid program (tests/mutate.sh; long:
#                 about 30 min on 2 cores)
#   make dataset  measure random kernels x sampled candidates into
#                 weights/dataset/ (resumable: run it again to continue;
#                 DATASET_SEEDS, DATASET_SIZE, DATASET_SHARD, DATASET_OUT,
#                 DATASET_ARGS)
#   make deps     only install the missing Debian packages

CC       ?= gcc
LLVM_DIR ?= /usr/lib/llvm-14
CSTD     := -std=c11
WARN     := -Wall -Wextra -Werror
OPT      ?= -O2 -g
CPPFLAGS += -Iinclude -isystem $(LLVM_DIR)/include
CFLAGS   += $(CSTD) $(WARN) $(OPT) -D_POSIX_C_SOURCE=200809L
LDLIBS   += -L$(LLVM_DIR)/lib -Wl,-rpath,$(LLVM_DIR)/lib -lclang -lisl -lcjson -lm -pthread

# `make SAN=1 ...` builds an ASan+UBSan tool into build-san/ and bin-san/.
ifeq ($(SAN),1)
BUILD    := build-san
BIN      := bin-san
CFLAGS   += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
LDFLAGS  += -fsanitize=address,undefined
else
BUILD    := build
BIN      := bin
# jemalloc in place of glibc's malloc: isl's arithmetic allocates and
# frees GMP numbers by the million, and autotile runs about 9 % faster
# over the examples with it (README, "Tool time").  Not under the
# sanitizers, which bring their own allocator.
LDLIBS   += -ljemalloc
endif

LIB_SRC  := $(filter-out src/main.c,$(wildcard src/*.c))
LIB_OBJ  := $(patsubst src/%.c,$(BUILD)/%.o,$(LIB_SRC))
UNIT_SRC := $(wildcard tests/unit/test_*.c)
UNIT_BIN := $(patsubst tests/unit/%.c,$(BIN)/%,$(UNIT_SRC))
HEADERS  := $(wildcard include/*.h src/*.h)
STAMP    := $(BUILD)/.deps-ok

.PHONY: all deps demo test test-unit test-san bench bench-polybench verify-long mutate clean units \
	dataset train eval eval-wild eval-noise cv FORCE
all: $(BIN)/autotile $(BIN)/autotile-gen $(BIN)/autotile-dataset \
	$(BIN)/autotile-features $(BIN)/autotile-train

deps: $(STAMP)
$(STAMP): tools/deps.sh
	@sh tools/deps.sh
	@mkdir -p $(BUILD) && touch $@

# A recipe that writes the line $(1) to the target only when it differs
# from what the target holds, so that what depends on the target is
# rebuilt only then (the target's rule depends on FORCE).
define write_if_changed
	@mkdir -p $(dir $@)
	@echo "$(1)" | cmp -s - $@ || echo "$(1)" >$@
endef

# The compiler and flags of this build: every object and program depends
# on this file, so a tree built with other flags (before jemalloc was
# linked, or with OPT=-O0) is rebuilt by `make` instead of kept.  LINK_IN
# is a link rule's prerequisites without the file.
FLAGS_FILE := $(BUILD)/flags
LINK_IN     = $(filter-out $(FLAGS_FILE),$^)
$(FLAGS_FILE): FORCE
	$(call write_if_changed,$(CC) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) $(LDLIBS))

$(BUILD)/%.o: src/%.c $(HEADERS) $(FLAGS_FILE) | $(STAMP)
	@mkdir -p $(BUILD)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c $< -o $@

$(BUILD)/libautotile.a: $(LIB_OBJ)
	rm -f $@ && ar rcs $@ $^

# The random kernel generator (issue 3): a stand-alone program, no libraries.
$(BIN)/autotile-gen: src/gen/gen.c $(FLAGS_FILE) | $(STAMP)
	@mkdir -p $(BIN)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) $< -o $@

# Measurement rows -> training rows (issue 4): the library's features.
$(BIN)/autotile-features: src/features/featurize.c $(BUILD)/libautotile.a $(HEADERS) $(FLAGS_FILE) | $(STAMP)
	@mkdir -p $(BIN)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) $< $(BUILD)/libautotile.a $(LDLIBS) -o $@
# The trainer of the cost model (issue 4): src/train/*.c, the core of which
# (everything but train.c's main) the model's unit test links too.
TRAIN_SRC := $(filter-out src/train/train.c,$(wildcard src/train/*.c))
TRAIN_OBJ := $(patsubst src/train/%.c,$(BUILD)/train/%.o,$(TRAIN_SRC))

$(BUILD)/train/%.o: src/train/%.c src/train/at_train.h $(HEADERS) $(FLAGS_FILE) | $(STAMP)
	@mkdir -p $(BUILD)/train
	$(CC) $(CPPFLAGS) $(CFLAGS) -c $< -o $@

$(BIN)/autotile-train: $(BUILD)/train/train.o $(TRAIN_OBJ) $(BUILD)/libautotile.a $(FLAGS_FILE)
	@mkdir -p $(BIN)
	$(CC) $(LDFLAGS) $(LINK_IN) $(LDLIBS) -o $@

$(BIN)/test_model: tests/unit/test_model.c tests/unit/at_test.h src/train/at_train.h $(TRAIN_OBJ) $(BUILD)/libautotile.a $(HEADERS) $(FLAGS_FILE)
	@mkdir -p $(BIN)
	$(CC) $(CPPFLAGS) -Itests/unit -Isrc/train $(CFLAGS) $(LDFLAGS) $< $(TRAIN_OBJ) $(BUILD)/libautotile.a $(LDLIBS) -o $@

$(BIN)/autotile: $(BUILD)/main.o $(BUILD)/libautotile.a $(FLAGS_FILE)
	@mkdir -p $(BIN)
	$(CC) $(LDFLAGS) $(LINK_IN) $(LDLIBS) -o $@

# The dataset driver (issue 4): measures random kernels x sampled candidates.
$(BIN)/autotile-dataset: src/dataset/dataset.c runtime/at_bench.h $(BUILD)/libautotile.a $(HEADERS) $(FLAGS_FILE)
	@mkdir -p $(BIN)
	$(CC) $(CPPFLAGS) -Iruntime $(CFLAGS) $(LDFLAGS) $< $(BUILD)/libautotile.a $(LDLIBS) -o $@

$(BIN)/test_%: tests/unit/test_%.c tests/unit/at_test.h $(BUILD)/libautotile.a $(HEADERS) $(FLAGS_FILE)
	@mkdir -p $(BIN)
	$(CC) $(CPPFLAGS) -Itests/unit $(CFLAGS) $(LDFLAGS) $< $(BUILD)/libautotile.a $(LDLIBS) -o $@

units: $(UNIT_BIN)

# The whole suite; the runner prints "N passed, N failed" last.  Both
# builds compile a file per core (a minute less on 2 cores).
NCPU := $(shell getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
test:
	@$(MAKE) --no-print-directory -j$(NCPU) all units
	@$(MAKE) --no-print-directory -j$(NCPU) SAN=1 all units
	@sh tests/run.sh

demo: all
	@sh tests/demo.sh

bench: all
	@sh tests/bench.sh

# The 30 kernels of PolyBench/C 4.2.1 at its LARGE sizes, the suite the
# tools in README's comparison were measured on: best of 2 runs, no
# oracle (MAXCAND=0) and no tune5 (TUNE=0; TUNE=1 adds it: it builds and
# runs 7 programs per kernel, several hours at these sizes).
bench-polybench: all
	@EXDIR=examples/polybench MAXCAND=$${MAXCAND:-0} RUNS=$${RUNS:-2} \
		TUNE=$${TUNE:-0} sh tests/bench.sh

# 560 random kernels x 20 random legal candidates each (duplicates drawn
# for one kernel are checked once: about 10,500 checks).
verify-long: all
	@sh tests/verify.sh 1 560 20

MUTATE_SEEDS ?= 1-1000
mutate:
	@$(MAKE) --no-print-directory -j$(NCPU) all
	@$(MAKE) --no-print-directory -j$(NCPU) SAN=1 all
	@AUTOTILE=bin-san/autotile sh tests/mutate.sh $(MUTATE_SEEDS)

# The cost model (issue 4).  `make train` turns measurements into training
# rows (bin/autotile-features) and trains weights/default.json on them.
# It uses your own measurements, weights/dataset/*.jsonl (what `make
# dataset` writes on this machine), when there are any, else the shipped
# ones, weights/dataset/*.jsonl.gz (measured on the machines the README
# names): a model trained on your own timings fits your machine best.
# `make eval` prints the metrics of weights/default.json on the held-out
# kernels of the same rows.
DATA_OWN   := $(wildcard weights/dataset/*.jsonl)
DATA_GZ    := $(wildcard weights/dataset/*.jsonl.gz)
TRAIN_ROWS := $(BUILD)/train-rows.jsonl
# Kernels timed while another task was runnable are left out of
# validation, test and evaluation: even nice 19 jobs slow the OpenMP
# variants several-fold (two nice-19 spinners made seed 6720's orig five
# times slower; see session 17 in weights/HISTORY.md).  Training keeps
# them with that number of tasks as a further input, folded out of the
# weights at 0 (--busy-input; session 18).  Four networks merged: one
# more than autotile-train's default, which scored better at each of
# three seeds and still ranks over a million candidates a second; eight
# were no better at two seeds and score half as fast (session 42).
IDLE_ONLY  := --max-busy 0.5
TRAIN_ARGS ?= $(IDLE_ONLY) --busy-input --ensemble 4
EVAL_ARGS  ?= $(IDLE_ONLY)

# The rows are featurized again when the featurizer changes (a new
# feature layout), not only when the measurements do.
TRAIN_DATA := $(if $(DATA_OWN),$(DATA_OWN),$(DATA_GZ))
# Rows that do not record their machine (the shipped files before session
# 11) were timed on the machine this file describes.
FEAT_MACHINE := $(if $(DATA_OWN),,--machine weights/dataset/machine-unrecorded.json)
# The list of measurement files, rewritten only when it changes: a file
# moved out of weights/dataset/ (into pending/, say) leaves the others
# older than the rows, so their dates alone would keep stale rows.
TRAIN_LIST := $(BUILD)/train-data.list
$(TRAIN_LIST): FORCE
	$(call write_if_changed,$(TRAIN_DATA))
$(TRAIN_ROWS): $(TRAIN_DATA) $(TRAIN_LIST) $(BIN)/autotile-features $(wildcard weights/dataset/machine-unrecorded.json)
	@test -n "$(TRAIN_DATA)" || { echo "make train: no measurements in weights/dataset/ (run make dataset)" >&2; exit 1; }
	@mkdir -p $(BUILD)/dataset
	@rm -f $(BUILD)/dataset/*.jsonl
	@for f in $(TRAIN_DATA); do case $$f in *.gz) gzip -dc $$f >$(BUILD)/dataset/$$(basename $$f .gz);; \
		*) cp $$f $(BUILD)/dataset/;; esac; done
	$(BIN)/autotile-features -q -I runtime $(FEAT_MACHINE) $(BUILD)/dataset/*.jsonl -o $@

train: all $(TRAIN_ROWS)
	$(BIN)/autotile-train $(TRAIN_ARGS) $(TRAIN_ROWS) -o weights/default.json

eval: all $(TRAIN_ROWS)
	$(BIN)/autotile-train --eval weights/default.json $(EVAL_ARGS) $(TRAIN_ROWS)

# Cross-validation of the training setting TRAIN_ARGS on the same rows:
# K trainings (--fold i/K), each kernel outside test scored once held
# out, pooled (tests/cv.sh; K=5 takes about five times a training).
cv: all $(TRAIN_ROWS)
	@CV_ARGS="$(TRAIN_ARGS)" EVAL_ARGS="$(EVAL_ARGS)" sh tests/cv.sh $(BUILD)/cv $(TRAIN_ROWS)

# autotile's own choices on the held-out test kernels, measured now against
# the original and fixed:32 (long: about 7 minutes; tests/wild.sh).
eval-wild: all $(TRAIN_ROWS)
	@TRAIN_ROWS=$(TRAIN_ROWS) sh tests/wild.sh

# The one-shot a perfect predictor of one timing run reaches when scored by
# another, per measurement file: how much of the oracle the timing noise
# leaves to win, and how many kernels that predictor still makes slower
# than the nest as written, the floor of make eval's "slower"
# (tests/noise.sh; seconds).
eval-noise:
	@sh tests/noise.sh $(TRAIN_DATA)
# The training data (issue 4): one JSON line per (kernel, candidate),
# appended kernel by kernel, so an interrupted run is resumed by running it
# again.  Shards (DATASET_SHARD=i/N) can run on several machines; their
# files are concatenated.  Each kernel's sample includes the 3 candidates
# weights/default.json ranks highest (DATASET_ARGS="--weights none": not).
# Each kernel waits up to a minute for idle cores: a timing beside any other
# running job, even at nice 19, is never a held-out kernel and enters
# training marked as such (see TRAIN_ARGS).
# Half the kernels (odd seeds) get round sizes, as programs are written
# (200, 1024, 4000), whose rows and planes fall on the same cache sets; the
# others odd ones, which never do (DATASET_SIZE=bench: all odd).
DATASET_SEEDS ?= 1-1200
DATASET_SIZE  ?= mixed
DATASET_SHARD ?= 0/1
DATASET_OUT   ?= weights/dataset/shard-$(subst /,of,$(DATASET_SHARD)).jsonl
DATASET_ARGS  ?= --wait-idle 60
dataset: all
	@mkdir -p $(dir $(DATASET_OUT))
	$(BIN)/autotile-dataset --seeds $(DATASET_SEEDS) --shard $(DATASET_SHARD) \
		--size $(DATASET_SIZE) $(DATASET_ARGS) -o $(DATASET_OUT)

clean:
	rm -rf build build-san bin bin-san tests/out
