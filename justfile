# Optional, for those who have `just`: the README's commands, the steps of
# .ci/run, and a few more, each a line of cargo.

# The main job on defaults: the classic LCR most-common-winner study.
run *ARGS="lcr --players 5":
    cargo run --release -p games-cli -- {{ARGS}}

# All tests: Rust's, then the Python package's.
test:
    cargo test --workspace && pip install './crates/games-py[test]' && python -m pytest crates/games-py/tests

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

# Kalah(6,4) under empty capture in under half a second: build the
# 26-seed endgame table once (about a minute on 2 cores, 2.7 GB in
# runs/k6e26.db), then solve with it (README, "What the CLI does").
kalah:
    mkdir -p runs
    test -f runs/k6e26.db || cargo run --release -p games-cli -- mancala endgame build runs/k6e26.db --pits 6 --endgame-seeds 26 --empty-capture
    cargo run --release -p games-cli -- mancala solve --pits 6 --seeds 4 --empty-capture --endgame runs/k6e26.db

# The web page: every game in the browser (docs/web.md).
serve *ARGS="":
    cargo run --release -p games-cli -- serve {{ARGS}}

# The browser test alone (needs chromium and chromedriver; screenshots in
# target/web-screenshots/).
browser:
    cargo test -p games-cli --test browser -- --nocapture
