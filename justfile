# Recipes mirror the README and .ci/run.

# The main job on defaults: the classic LCR most-common-winner study.
run *ARGS="lcr --players 5":
    cargo run --release -p games-cli -- {{ARGS}}

# All tests.
test:
    cargo test --workspace

# Formatting check.
fmt:
    cargo fmt --all --check

# Lints, warnings as errors.
clippy:
    cargo clippy --workspace --all-targets -- -D warnings

# Build the benches without running them (what CI does).
bench-build:
    cargo bench --workspace --no-run

# Run the benches.
bench:
    cargo bench --workspace

# Accept new or changed insta snapshots after review.
snapshots:
    INSTA_UPDATE=always cargo test --workspace

# Everything CI runs.
ci:
    bash .ci/run
