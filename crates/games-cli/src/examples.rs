//! The examples every help screen ends with: two or three commands a
//! newcomer can copy, for each game and each verb. A test parses every one
//! of them, and checks that every verb of the command tree has some.

/// Examples by command path (the words after `games-cli`), each a command
/// line without `games-cli`, and what it does.
pub(crate) const EXAMPLES: &[(&str, &[(&str, &str)])] = &[
    (
        "",
        &[
            (
                "lcr --players 5",
                "classic LCR: who wins most often, exactly and simulated",
            ),
            (
                "hog --strategy final",
                "Hog: the exact win rate of the computed strategy",
            ),
            (
                "kalah solve --pits 4 --seeds 3",
                "Kalah(4,3) solved: its value and best moves",
            ),
        ],
    ),
    (
        "lcr",
        &[
            (
                "lcr --players 5",
                "5 seats: the exact answer, checked by a million games",
            ),
            (
                "lcr exact --players 6",
                "each seat's exact chance, by Markov chain",
            ),
            (
                "lcr --table all --games 10000 --seed 21",
                "the six variant tables",
            ),
        ],
    ),
    (
        "lcr simulate",
        &[
            (
                "lcr simulate --players 5 --games 1e6 --seed 1",
                "a million games, reproducibly",
            ),
            (
                "lcr simulate --players 3 --format json",
                "the study as JSON",
            ),
            (
                "lcr simulate --table standard-tilted --games 10^5 --seed 21",
                "one variant table",
            ),
        ],
    ),
    (
        "lcr replay",
        &[
            (
                "lcr replay --players 2 --script LCR",
                "the lab's example: seat 1 wins",
            ),
            (
                "lcr replay --players 4 --seed 9 --throws",
                "one seeded game, throw by throw",
            ),
        ],
    ),
    (
        "lcr exact",
        &[
            ("lcr exact --players 6", "6 seats, 3 coins each"),
            ("lcr exact --players 4 --coins 5 --format json", "as JSON"),
            (
                "lcr exact --players 4 --format csv",
                "as CSV: seat, win_probability",
            ),
        ],
    ),
    (
        "craps",
        &[
            (
                "craps --games 1e6 --seed 1",
                "a million games beside the exact 244/495",
            ),
            ("craps exact", "the exact chance to win, by point"),
            ("craps game --seed 3", "one game, roll by roll"),
        ],
    ),
    (
        "craps simulate",
        &[
            ("craps simulate --games 1e6 --seed 1", "a million games"),
            (
                "craps simulate --games 10^5 --seed 2 --format json",
                "as JSON",
            ),
            (
                "craps simulate --games 1e5 --seed 1 --plot craps.png",
                "the running share of wins, its 95% band and the exact 244/495, as a PNG",
            ),
        ],
    ),
    (
        "craps exact",
        &[
            ("craps exact", "the exact chance to win, by point"),
            ("craps exact --format json", "as JSON"),
        ],
    ),
    (
        "craps bets",
        &[
            (
                "craps bets",
                "every bet's exact house edge, pass to the one-roll bets",
            ),
            ("craps bets --format csv", "as CSV"),
        ],
    ),
    (
        "craps game",
        &[
            (
                "craps game --seed 3",
                "one game, roll by roll, the rule in words",
            ),
            ("craps game --seed 3 --format json", "as JSON"),
        ],
    ),
    (
        "baccarat",
        &[
            ("baccarat --seed 5", "one game's transcript"),
            (
                "baccarat simulate --games 1e6 --decks 8 --seed 1",
                "a million games",
            ),
            (
                "baccarat exact --decks 8",
                "the exact odds of an 8-deck shoe",
            ),
        ],
    ),
    (
        "baccarat deal",
        &[
            ("baccarat deal --decks 8 --seed 5", "a shuffled 8-deck shoe"),
            (
                "baccarat deal --decks 1 --seed 2 --format json",
                "one deck, as JSON",
            ),
        ],
    ),
    (
        "baccarat simulate",
        &[
            (
                "baccarat simulate --games 1e6 --decks 8 --seed 1",
                "a million games",
            ),
            (
                "baccarat simulate --games 10^5 --decks 1 --seed 2 --format json",
                "as JSON",
            ),
        ],
    ),
    (
        "baccarat exact",
        &[
            (
                "baccarat exact --decks 8",
                "the exact odds of an 8-deck shoe",
            ),
            (
                "baccarat exact --decks 1 --format json",
                "one deck, as JSON",
            ),
        ],
    ),
    (
        "hog",
        &[
            (
                "hog --strategy final",
                "the computed strategy against always_roll(5)",
            ),
            (
                "hog tournament final optimal swap",
                "a round robin, exactly",
            ),
            ("hog play --human", "play against the computer"),
        ],
    ),
    (
        "hog rate",
        &[
            ("hog rate --strategy final", "against always_roll(5)"),
            (
                "hog rate --strategy always:4 --vs optimal",
                "a fixed roll against the optimum",
            ),
            (
                "hog rate --strategy optimal --vs optimal --no-hog-wild",
                "with a rule off",
            ),
        ],
    ),
    (
        "hog best-response",
        &[
            (
                "hog best-response --vs final",
                "the best reply to final and its rate",
            ),
            ("hog best-response --vs always:5 --format json", "as JSON"),
        ],
    ),
    (
        "hog tournament",
        &[
            (
                "hog tournament final optimal swap",
                "three built-in strategies",
            ),
            (
                "hog tournament always:4 always:6 bacon --format json",
                "as JSON",
            ),
        ],
    ),
    (
        "hog export",
        &[
            (
                "hog export --strategy final --out final.json",
                "a 100 x 100 JSON table",
            ),
            (
                "hog export --strategy optimal --as csv --out optimal.csv",
                "as CSV",
            ),
        ],
    ),
    (
        "hog play",
        &[
            (
                "hog play --strategy0 final --strategy1 swap --seed 3",
                "one game, turn by turn",
            ),
            ("hog play --human", "you against the final strategy"),
            (
                "hog play --human --strategy optimal --second",
                "you move second",
            ),
        ],
    ),
    (
        "hog turn",
        &[
            (
                "hog turn --rolls 2 --opponent 0 --dice 4,6",
                "take_turn on test dice 4, 6",
            ),
            (
                "hog turn --rolls 0 --opponent 42 --dice 1",
                "free bacon at 42",
            ),
        ],
    ),
    (
        "hog choose",
        &[
            (
                "hog choose --strategy final --score 10 --opponent 20",
                "final's dice at 10-20",
            ),
            (
                "hog choose --strategy bacon --score 90 --opponent 95",
                "bacon's dice",
            ),
        ],
    ),
    (
        "hog max-rolls",
        &[
            (
                "hog max-rolls --turns 1e4 --seed 1",
                "each number of dice, 10,000 turns",
            ),
            ("hog max-rolls --dice 3,1,5,6", "on cycling test dice"),
        ],
    ),
    (
        "hog step",
        &[
            (
                r#"hog step --state {"rules":{"goal":100,"free_bacon":true,"hog_wild":true,"swine_swap":true},"scores":[0,0],"player":0,"rolling":null} --rolls 4 --seed 1"#,
                "one turn of 4 dice from the start",
            ),
            (
                r#"hog step --state {"rules":{"goal":100,"free_bacon":true,"hog_wild":true,"swine_swap":true},"scores":[40,20],"player":0,"rolling":null} --strategy final --seed 2"#,
                "final's turn at 40-20",
            ),
            (
                r#"hog step --state {"rules":"fall2019","goal":100,"scores":[0,0],"player":0} --turns 4:100,3:101,5:102"#,
                "three turns in turn, each its dice and seed (a game's turns replayed)",
            ),
        ],
    ),
    (
        "hog coach",
        &[
            (
                "hog coach --vs final --score 10 --opponent 20",
                "each choice's exact chance",
            ),
            (
                "hog coach --vs optimal --score 90 --opponent 95 --format json",
                "as JSON",
            ),
        ],
    ),
    (
        "hog rules",
        &[
            ("hog rules", "every rule set --rules takes, with its source"),
            ("hog rules --format json", "as JSON"),
        ],
    ),
    (
        "hog edge",
        &[
            (
                "hog edge --rules fall2023",
                "what each Fall 2023 rule does to the first player's edge",
            ),
            ("hog edge --rules spring2014 --goal 50", "Spring 2014 to 50"),
        ],
    ),
    (
        "kalah",
        &[
            (
                "kalah sow --board 3,3,3,0,3,3,3,0 --moves 0,2",
                "the handout's sow_game",
            ),
            ("kalah solve --pits 4 --seeds 3", "Kalah(4,3) solved"),
            ("kalah play --pits 4 --seeds 3", "play against the solver"),
        ],
    ),
    (
        "kalah sow",
        &[
            (
                "kalah sow --board 3,3,3,0,3,3,3,0 --moves 0,2",
                "a board after two moves",
            ),
            (
                "kalah sow --board 3,3,3,0,3,3,3,0 --moves 0,2 --format json",
                "as JSON",
            ),
        ],
    ),
    (
        "kalah solve",
        &[
            (
                "kalah solve --pits 4 --seeds 3",
                "Kalah(4,3): value and best moves",
            ),
            (
                "kalah solve --pits 6 --seeds 4 --empty-capture",
                "Kalah(6,4), a few seconds",
            ),
            (
                "kalah solve --board 0,5,5,5,5,4,0,4,4,4,4,4,4,0",
                "a position of your own",
            ),
        ],
    ),
    (
        "kalah play",
        &[
            (
                "kalah play --pits 4 --seeds 3",
                "a small board, solved as you play",
            ),
            (
                "kalah play --pits 6 --seeds 4 --empty-capture --think 5",
                "the full board",
            ),
        ],
    ),
    (
        "kalah endgame",
        &[
            (
                "kalah endgame build k6e20.db --pits 6 --endgame-seeds 20 --empty-capture",
                "a 226 MB table, a few seconds",
            ),
            (
                "kalah endgame shard s0.part --from k6e20.db --shard 0/2",
                "half of the next level",
            ),
        ],
    ),
    (
        "kalah endgame build",
        &[
            (
                "kalah endgame build k6e16.db --pits 6 --endgame-seeds 16",
                "6 pits, up to 16 seeds",
            ),
            (
                "kalah endgame build k6e20.db --pits 6 --endgame-seeds 20 --empty-capture",
                "20 seeds, empty capture",
            ),
        ],
    ),
    (
        "kalah endgame shard",
        &[
            (
                "kalah endgame shard s0.part --from k6e20.db --shard 0/2",
                "shard 0 of 2",
            ),
            (
                "kalah endgame shard s1.part --from k6e20.db --shard 1/2",
                "shard 1 of 2",
            ),
        ],
    ),
    (
        "kalah endgame extend",
        &[(
            "kalah endgame extend k6e21.db --from k6e20.db s0.part s1.part",
            "the 21-seed table from its shards",
        )],
    ),
    (
        "kalah move",
        &[
            (
                "kalah move --pits 4 --seeds 3 --pit 1",
                "sow pit 1 of the start",
            ),
            (
                "kalah move --pits 6 --seeds 4 --pit 2 --format json",
                "as JSON",
            ),
            (
                "kalah move --pits 4 --seeds 3 --empty-capture --moves 1,3,0",
                "three moves in turn (a game's moves replayed)",
            ),
        ],
    ),
    (
        "kalah moves",
        &[
            (
                "kalah moves --pits 4 --seeds 3 --think 2",
                "every move's value",
            ),
            (
                "kalah moves --pits 6 --seeds 4 --empty-capture --think 10",
                "the full board",
            ),
        ],
    ),
    (
        "serve",
        &[
            ("serve", "the page at http://127.0.0.1:8080/"),
            (
                "serve --port 0 --open",
                "any free port, opened in the browser",
            ),
        ],
    ),
    (
        "merge",
        &[(
            "merge a.json b.json",
            "two shards' partials (--shard 0/2 and 1/2) into the run's output",
        )],
    ),
    (
        "games",
        &[
            ("games", "every game and its parameters"),
            (
                "games kalah(pits=4,seeds=3,capture=empty)",
                "one game loaded from its string: players, parameters, initial state",
            ),
            (
                "games hog(rules=fall2019) --format json",
                "the same as JSON",
            ),
        ],
    ),
    (
        "completions",
        &[
            ("completions bash > games-cli.bash", "bash completions"),
            ("completions zsh > _games-cli", "zsh completions"),
        ],
    ),
    (
        "man",
        &[
            ("man > games-cli.1", "the man page"),
            ("man | man -l -", "read it now"),
        ],
    ),
];

/// The examples of a command path, or none.
pub(crate) fn of(path: &str) -> &'static [(&'static str, &'static str)] {
    EXAMPLES
        .iter()
        .find(|(p, _)| *p == path)
        .map_or(&[], |(_, e)| e)
}

/// The examples as a help section: "Examples:" and one command a line,
/// with what it does.
pub(crate) fn section(path: &str) -> Option<String> {
    let examples = of(path);
    if examples.is_empty() {
        return None;
    }
    let mut o = String::from("Examples:\n");
    for (command, what) in examples {
        // A state in JSON and a game string are quoted as a shell would
        // need them.
        let shown: Vec<String> = command
            .split(' ')
            .map(|w| {
                if w.starts_with('{') || w.contains('(') {
                    format!("'{w}'")
                } else {
                    w.to_string()
                }
            })
            .collect();
        o.push_str(&format!("  games-cli {}\n      {what}\n", shown.join(" ")));
    }
    Some(o)
}
