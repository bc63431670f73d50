//! End-to-end tests of the `ordo` binary.
#![allow(clippy::unwrap_used)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn ordo(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ordo"))
        .args(args)
        .output()
        .unwrap()
}

fn last_json(out: &Output) -> serde_json::Value {
    let text = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(text.lines().last().unwrap_or(""))
        .unwrap_or_else(|e| panic!("{e}: {text}"))
}

#[test]
fn sim_1000_games_per_player_count_is_error_free_and_deterministic() {
    for players in ["2", "3", "4"] {
        let args = [
            "sim",
            "--game",
            "crusaders",
            "--players",
            players,
            "--games",
            "1000",
            "--seed",
            "5",
            "--json",
        ];
        let a = ordo(&args);
        assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
        let ja = last_json(&a);
        assert_eq!(ja["errors"], 0);
        assert_eq!(ja["games"], 1000);
        for key in [
            "decisions_mean",
            "turns_mean",
            "wins_by_seat",
            "winner_score_mean",
            "digest",
            "players",
        ] {
            assert!(!ja[key].is_null(), "missing {key}");
        }
        let wins: u64 = ja["wins_by_seat"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .sum();
        assert_eq!(wins, 1000);
        // Same arguments (even on one thread) give the same digest.
        let mut single = args.to_vec();
        single.extend(["--threads", "1"]);
        assert_eq!(last_json(&ordo(&single))["digest"], ja["digest"]);
        // A different seed gives a different digest.
        let mut other = args.to_vec();
        other[8] = "6";
        assert_ne!(last_json(&ordo(&other))["digest"], ja["digest"]);
    }
}

#[test]
fn sim_every_expansion_combination_is_error_free_and_deterministic() {
    for (exp, players) in [("di", "4"), ("ca", "6"), ("di,ca", "5"), ("di,ca", "6")] {
        let args = [
            "sim",
            "--players",
            players,
            "--expansions",
            exp,
            "--games",
            "300",
            "--seed",
            "3",
            "--json",
        ];
        let a = last_json(&ordo(&args));
        assert_eq!(a["errors"], 0, "{exp} {players}: {a}");
        assert_eq!(last_json(&ordo(&args))["digest"], a["digest"]);
        let mut other = args.to_vec();
        other[8] = "4";
        assert_ne!(last_json(&ordo(&other))["digest"], a["digest"]);
    }
    let out = ordo(&["sim", "--players", "5", "--games", "1"]);
    assert_eq!(out.status.code(), Some(1), "5 players need Crimson & Amber");
    let out = ordo(&["sim", "--expansions", "xx", "--games", "1"]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn saved_records_replay_and_a_corrupt_record_is_rejected() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let out = ordo(&[
        "sim",
        "--players",
        "3",
        "--games",
        "3",
        "--seed",
        "9",
        "--json",
        "--save-records",
        d,
    ]);
    assert!(out.status.success());
    let files: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), 3);
    for f in &files {
        let r = ordo(&["replay", f.to_str().unwrap(), "--json"]);
        assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
        assert_eq!(last_json(&r)["over"], true);
    }
    // Change one decision: replay fails with exit code 2 naming it.
    let text = std::fs::read_to_string(&files[0]).unwrap();
    let mut rec: serde_json::Value = serde_json::from_str(&text).unwrap();
    rec["steps"][30]["action"] = serde_json::json!({"type": "skip_turn"});
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, rec.to_string()).unwrap();
    let r = ordo(&["replay", bad.to_str().unwrap()]);
    assert_eq!(r.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&r.stderr).contains("decision #30"),
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    assert!(
        !String::from_utf8_lossy(&r.stderr).contains("rules revision"),
        "the record names its revision"
    );
    // A record that names no rules revision is told how an older one replays.
    rec["config"].as_object_mut().unwrap().remove("rules");
    std::fs::write(&bad, rec.to_string()).unwrap();
    let r = ordo(&["replay", bad.to_str().unwrap()]);
    assert_eq!(r.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&r.stderr).contains("\"rules\": 1"),
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    // Garbage and an unknown decision type are typed errors too.
    std::fs::write(&bad, "{not json").unwrap();
    assert_eq!(
        ordo(&["replay", bad.to_str().unwrap()]).status.code(),
        Some(2)
    );
    rec["steps"][3]["action"] = serde_json::json!({"type": "teleport"});
    std::fs::write(&bad, rec.to_string()).unwrap();
    let r = ordo(&["replay", bad.to_str().unwrap()]);
    assert_eq!(r.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&r.stderr).contains("decision #3"));
}

#[test]
fn data_check_passes() {
    let out = ordo(&["data", "check"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("OK"));
}

#[test]
fn bad_arguments_are_reported() {
    let out = ordo(&["sim", "--players", "9", "--games", "1"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("9 players"));
    let out = ordo(&["sim", "--variant", "chaos", "--games", "1"]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn bench_reports_its_figures() {
    let out = ordo(&["bench", "--players", "2", "--seconds", "0.2", "--json"]);
    assert!(out.status.success());
    let j = last_json(&out);
    for key in [
        "games_per_sec",
        "decisions_per_sec",
        "clone_ns",
        "threads",
        "games_per_sec_all_threads",
    ] {
        assert!(j[key].as_f64().unwrap_or(0.0) > 0.0, "{key}: {j}");
    }
}

#[test]
fn terminal_game_plays_to_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("game.json");
    let mut child = spawn(&[
        "play",
        "--seats",
        "human,random",
        "--seed",
        "3",
        "--save",
        rec.to_str().unwrap(),
    ]);
    {
        // A wrong entry first, then always the last choice (often "stop"/"forgo"-free variety).
        let mut input = String::from("0\nfoo\n");
        for i in 0..5000 {
            input.push_str(if i % 3 == 0 { "2\n" } else { "1\n" });
        }
        feed(&mut child, input);
    }
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("Enter a number from 1 to"),
        "bad input not explained"
    );
    assert!(
        text.contains("Game over"),
        "{}",
        &text[text.len().saturating_sub(2000)..]
    );
    let r = ordo(&["replay", rec.to_str().unwrap(), "--json"]);
    assert_eq!(last_json(&r)["over"], true);
}

#[test]
fn arena_rotates_seats_and_reports_intervals() {
    let out = ordo(&[
        "arena",
        "--players",
        "2",
        "--bots",
        "heuristic,random",
        "--games",
        "20",
        "--seed",
        "2",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let j = last_json(&out);
    let bots = j["bots"].as_array().unwrap();
    assert_eq!(bots.len(), 2);
    let wins: u64 = bots.iter().map(|b| b["wins"].as_u64().unwrap()).sum();
    assert_eq!(wins, 20);
    let h = &bots[0];
    assert_eq!(h["bot"], "heuristic");
    assert!(h["win_rate"]["rate"].as_f64().unwrap() >= 0.9, "{h}");
    assert!(h["win_rate"]["low"].as_f64().unwrap() <= h["win_rate"]["rate"].as_f64().unwrap());
    assert!(h["mean_decision_ms"].as_f64().unwrap() > 0.0);
    let bad = ordo(&[
        "arena",
        "--players",
        "2",
        "--bots",
        "heuristic,superbot",
        "--games",
        "1",
    ]);
    assert_eq!(bad.status.code(), Some(1));
}

#[test]
fn balance_report_is_written_with_charts_and_json() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let out = ordo(&[
        "balance",
        "--players",
        "4",
        "--games",
        "24",
        "--variants",
        "standard,unpredictable",
        "--bots",
        "heuristic",
        "--seed",
        "3",
        "--out",
        d,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("balance.json")).unwrap())
            .unwrap();
    assert_eq!(json["games"], 48);
    let rates_ok = |buckets: &serde_json::Value, seats_total: u64, wins_total: u64| {
        let b = buckets.as_array().unwrap();
        let seats: u64 = b.iter().map(|x| x["seats"].as_u64().unwrap()).sum();
        let wins: u64 = b.iter().map(|x| x["wins"].as_u64().unwrap()).sum();
        assert_eq!((seats, wins), (seats_total, wins_total));
        for x in b {
            let r = &x["win_rate"];
            let (lo, rate, hi) = (
                r["low"].as_f64().unwrap(),
                r["rate"].as_f64().unwrap(),
                r["high"].as_f64().unwrap(),
            );
            assert!(0.0 <= lo && lo <= rate && rate <= hi && hi <= 1.0, "{x}");
            let expect = x["wins"].as_f64().unwrap() / x["seats"].as_f64().unwrap();
            assert!((rate - expect).abs() < 1e-9, "{x}");
        }
        b.len()
    };
    // Every seat of every game counted once, by knight order: real orders, several of them.
    let orders = rates_ok(&json["win_rate_by_order"], 192, 48);
    assert!(orders >= 5, "{orders} knight orders");
    assert!(json["win_rate_by_order"]
        .as_array()
        .unwrap()
        .iter()
        .all(|b| b["label"] != "no order"));
    assert_eq!(rates_ok(&json["win_rate_by_turn_position"], 192, 48), 4);
    let hist_total = |h: &serde_json::Value| -> u64 {
        h.as_array()
            .unwrap()
            .iter()
            .map(|b| b[2].as_u64().unwrap())
            .sum()
    };
    assert_eq!(hist_total(&json["score_histogram"]), 192);
    assert_eq!(hist_total(&json["turns_histogram"]), 48);
    let m = &json["turns_mean"];
    assert!(m["low"].as_f64().unwrap() < m["mean"].as_f64().unwrap());
    assert!(m["mean"].as_f64().unwrap() < m["high"].as_f64().unwrap());
    // One section per variant. A shared wheel cannot favour a seat; the Unpredictable
    // variant's own wheels are broken down by layout and by neighbouring wedges.
    let sections = json["by_variant"].as_array().unwrap();
    assert_eq!(sections.len(), 2);
    let standard = &sections[0]["report"];
    assert_eq!(sections[0]["variant"], "standard");
    assert_eq!(standard["games"], 24);
    assert_eq!(standard["wheels_differ_between_seats"], false);
    assert!(standard["win_rate_by_wheel"].as_array().unwrap().is_empty());
    let unpredictable = &sections[1]["report"];
    assert_eq!(sections[1]["config"]["variant"], "unpredictable");
    assert_eq!(unpredictable["wheels_differ_between_seats"], true);
    let layouts = rates_ok(&unpredictable["win_rate_by_wheel"], 96, 24);
    assert!(layouts > 10, "{layouts} layouts");
    rates_ok(
        &unpredictable["win_rate_by_wheel_neighbours"],
        96 * 6,
        24 * 6,
    );
    let html = std::fs::read_to_string(dir.path().join("balance.html")).unwrap();
    // All games (3 rate charts, 2 wheel charts, 3 histograms), standard (3 + 3),
    // unpredictable (3 + 2 + 3).
    assert_eq!(html.matches("<svg").count(), 22);
    assert!(html.contains("Variant unpredictable (24 games)"));
    assert!(html.contains("Win rate by wheel layout"));
    // The knight-order chart draws one bar per order.
    let chart = html
        .split("aria-label=\"Win rate by knight order\"")
        .nth(1)
        .and_then(|c| c.split("</svg>").next())
        .unwrap();
    assert_eq!(chart.matches("<rect").count(), orders);
}

#[test]
fn sim_accepts_ai_bots() {
    let out = ordo(&[
        "sim",
        "--players",
        "3",
        "--games",
        "4",
        "--bots",
        "heuristic,random,mcts:50it",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(last_json(&out)["errors"], 0);
}

#[test]
fn warrior_knights_sim_every_baron_count_is_error_free_and_deterministic() {
    for barons in ["2", "3", "4", "5", "6"] {
        let args = [
            "sim",
            "--game",
            "warrior-knights",
            "--players",
            barons,
            "--games",
            "1000",
            "--seed",
            "5",
            "--json",
        ];
        let a = ordo(&args);
        assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
        let ja = last_json(&a);
        assert_eq!(ja["errors"], 0, "{barons} Barons: {ja}");
        assert_eq!(ja["games"], 1000);
        // Same games on one thread: same digest; another seed: another digest.
        let short = |seed: &'static str, threads: &'static str| {
            last_json(&ordo(&[
                "sim",
                "--game",
                "warrior-knights",
                "--players",
                barons,
                "--games",
                "100",
                "--seed",
                seed,
                "--threads",
                threads,
                "--json",
            ]))["digest"]
                .clone()
        };
        let d = short("5", "2");
        assert_eq!(short("5", "1"), d);
        assert_ne!(short("6", "2"), d);
    }
    // Options and lengths are taken; nonsense is refused.
    let ok = ordo(&[
        "sim",
        "--game",
        "warrior-knights",
        "--players",
        "3",
        "--length",
        "shorter",
        "--options",
        "might_is_right,player_elimination,abandoned_nobles,miracles_can_happen,open_private_motions,\
         two_barons_need_five_cities",
        "--games",
        "20",
        "--json",
    ]);
    assert_eq!(last_json(&ok)["errors"], 0);
    // Exchanging Heirs, with random gifts of crowns and heirs made out of turn.
    let heirs = ordo(&[
        "sim",
        "--game",
        "warrior-knights",
        "--players",
        "4",
        "--options",
        "exchanging_heirs,player_elimination,the_king,missions",
        "--gifts",
        "5",
        "--games",
        "10",
        "--json",
    ]);
    let heirs = last_json(&heirs);
    assert_eq!(heirs["errors"], 0, "{heirs}");
    assert!(heirs["gifts"].as_u64().unwrap() > 100, "{heirs}");
    // Two Barons under the FAQ's city win, and under the revision that always played it.
    for extra in [
        ["--options", "two_barons_need_five_cities"],
        ["--rules", "2"],
    ] {
        let mut args = vec![
            "sim",
            "--game",
            "warrior-knights",
            "--players",
            "2",
            "--games",
            "5",
            "--json",
        ];
        args.extend(extra);
        let two = ordo(&args);
        assert_eq!(last_json(&two)["errors"], 0, "{extra:?}");
    }
    for bad in [
        vec!["--players", "7"],
        vec!["--length", "eternal"],
        vec!["--options", "dice"],
        vec!["--expansions", "di"],
    ] {
        let mut args = vec!["sim", "--game", "warrior-knights", "--games", "1"];
        args.extend(bad.iter().copied());
        assert_eq!(ordo(&args).status.code(), Some(1), "{bad:?}");
    }
}

/// `ordo` with these arguments, its standard streams piped.
fn spawn(args: &[&str]) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_ordo"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Writes `input` to the child's stdin from its own thread, so a child that prints more than a
/// pipe buffer before reading all of its input cannot deadlock against the test.
fn feed(child: &mut std::process::Child, input: String) {
    let mut stdin = child.stdin.take().unwrap();
    std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
}

#[test]
fn warrior_knights_terminal_gifts_are_made_in_words_and_kept_in_the_record() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("gifts.json");
    let mut child = spawn(&[
        "play",
        "--game",
        "warrior-knights",
        "--seats",
        "human,random,random",
        "--options",
        "exchanging_heirs",
        "--seed",
        "5",
        "--save",
        rec.to_str().unwrap(),
    ]);
    feed(
        &mut child,
        "g1\ngive 3 crowns\ng1\ngive heir circle\ng2\ngive 99 crowns\nq\n".into(),
    );
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("List gifts first"), "{text}");
    assert!(text.contains("g1) give 3 crowns to "), "{text}");
    assert!(text.contains("P1: give 3 crowns to "), "{text}");
    assert!(text.contains("P1: give the heir of "), "{text}");
    assert!(text.contains("No gift of yours matches"), "{text}");
    assert!(!text.contains("GiveCrowns"), "words, not Debug output");
    let saved = std::fs::read_to_string(&rec).unwrap();
    assert!(
        saved.contains("give_crowns") && saved.contains("give_heir"),
        "{saved}"
    );
    let r = ordo(&["replay", rec.to_str().unwrap(), "--json"]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
}

#[test]
fn warrior_knights_terminal_game_against_bots_plays_to_the_end_and_replays() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("wk.json");
    let mut child = spawn(&[
        "play",
        "--game",
        "warrior-knights",
        "--seats",
        "human,heuristic,random",
        "--seed",
        "4",
        "--save",
        rec.to_str().unwrap(),
    ]);
    {
        let mut input = String::from("0\nfoo\n");
        for i in 0..60_000 {
            input.push_str(match i % 4 {
                0 => "2\n",
                1 => "3\n",
                _ => "1\n",
            });
        }
        feed(&mut child, input);
    }
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("Enter a number from 1 to"));
    assert!(text.contains("Influence pool"), "the board is shown");
    assert!(
        text.contains("Game over"),
        "{}",
        &text[text.len().saturating_sub(2000)..]
    );
    let r = ordo(&["replay", rec.to_str().unwrap(), "--json"]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    assert_eq!(last_json(&r)["over"], true);
}

#[test]
fn warrior_knights_arena_and_bench() {
    let out = ordo(&[
        "arena",
        "--game",
        "warrior-knights",
        "--players",
        "2",
        "--bots",
        "heuristic,random",
        "--games",
        "4",
        "--seed",
        "2",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = ordo(&[
        "bench",
        "--game",
        "warrior-knights",
        "--players",
        "4",
        "--seconds",
        "0.2",
        "--json",
    ]);
    assert!(out.status.success());
    assert!(last_json(&out)["games_per_sec"].as_f64().unwrap_or(0.0) > 0.0);
}

#[test]
fn arena_journal_resumes_a_stopped_run_with_the_same_result() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("arena.jsonl");
    let j = journal.to_str().unwrap();
    let args = [
        "arena",
        "--players",
        "2",
        "--bots",
        "heuristic,random",
        "--games",
        "6",
        "--seed",
        "3",
        "--json",
        "--journal",
        j,
    ];
    let full = last_json(&ordo(&args));
    let text = std::fs::read_to_string(&journal).unwrap();
    assert_eq!(text.lines().count(), 7, "a header and six games");
    // Stop in the middle: two games lost, the last line cut in half.
    let lines: Vec<&str> = text.lines().collect();
    let mut cut = lines[..4].join("\n");
    cut.push('\n');
    cut.push_str(&lines[4][..lines[4].len() / 2]);
    std::fs::write(&journal, cut).unwrap();
    let resumed = last_json(&ordo(&args));
    for (a, b) in full["bots"]
        .as_array()
        .unwrap()
        .iter()
        .zip(resumed["bots"].as_array().unwrap())
    {
        // Same games, same results (decision times differ between runs).
        for key in ["wins", "mean_score", "win_rate"] {
            assert_eq!(a[key], b[key], "{key}");
        }
    }
    assert_eq!(resumed["games"], 6);
    // The journal is whole again: the cut line is gone and every game is on a line of its own,
    // so a third run plays nothing and reads the same six games.
    let text = std::fs::read_to_string(&journal).unwrap();
    assert_eq!(text.lines().count(), 7, "{text}");
    assert!(text.ends_with('\n'));
    let mut indices: Vec<u64> = text
        .lines()
        .skip(1)
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["index"]
                .as_u64()
                .unwrap()
        })
        .collect();
    indices.sort_unstable();
    assert_eq!(indices, [0, 1, 2, 3, 4, 5]);
    for l in text.lines().skip(1) {
        let g: serde_json::Value = serde_json::from_str(l).unwrap();
        assert_eq!(g["game"]["decision_max_ns"].as_array().unwrap().len(), 2);
    }
    let again = last_json(&ordo(&args));
    assert_eq!(again["bots"][0]["wins"], full["bots"][0]["wins"]);
    assert_eq!(std::fs::read_to_string(&journal).unwrap(), text);
    assert!(again["bots"][0]["max_decision_ms"].as_f64().unwrap() > 0.0);
    // A journal of another run is refused.
    let mut other = args.to_vec();
    other[4] = "heuristic,heuristic";
    assert_eq!(ordo(&other).status.code(), Some(1));
    // A journal written before the config named its rules revision was played under revision
    // 1: it is resumed under that revision only.
    let mut header: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(
        header["run"]["config"]["rules"],
        serde_json::json!(crusaders::RULES_LATEST)
    );
    header["run"]["config"]
        .as_object_mut()
        .unwrap()
        .remove("rules");
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    lines[0] = header.to_string();
    std::fs::write(&journal, lines.join("\n") + "\n").unwrap();
    assert_eq!(
        ordo(&args).status.code(),
        Some(1),
        "not the latest revision"
    );
    let mut revision_one = args.to_vec();
    revision_one.extend(["--rules", "1"]);
    let older = last_json(&ordo(&revision_one));
    assert_eq!(older["games"], 6);
    assert_eq!(older["bots"][0]["wins"], full["bots"][0]["wins"]);
}

/// Owners' data packs: an exported pack loads back to identical games; a changed value changes
/// the game and is recorded with it; a broken pack is refused naming the file and JSON path.
#[test]
fn data_packs_export_load_refuse_and_replay() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("pack");
    let p = pack.to_str().unwrap();
    let out = ordo(&["data", "export", p]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for f in ["crusaders/map_large.json", "warrior-knights/map.json"] {
        let text = std::fs::read_to_string(pack.join(f)).unwrap();
        assert!(text.contains("confidence"), "{f} lost its confidence tags");
    }
    let out = ordo(&["data", "check", "--data", p]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The export as it is plays exactly the built-in games (it is the built-in data).
    let sim = |extra: &[&str]| {
        let mut args = vec![
            "sim",
            "--players",
            "3",
            "--games",
            "30",
            "--seed",
            "9",
            "--json",
        ];
        args.extend_from_slice(extra);
        let out = ordo(&args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        last_json(&out)["digest"].clone()
    };
    let builtin = sim(&[]);
    assert_eq!(sim(&["--data", p]), builtin);
    // An owner corrects a value: the games change.
    let components = pack.join("crusaders/components.json");
    let text = std::fs::read_to_string(&components).unwrap();
    let changed = text.replacen(
        "\"players\": 3, \"supply\": 200",
        "\"players\": 3, \"supply\": 230",
        1,
    );
    assert_ne!(changed, text, "the 3-player supply entry was not found");
    std::fs::write(&components, &changed).unwrap();
    assert_ne!(sim(&["--data", p]), builtin);
    // The arena plays with the pack too (the same options as sim).
    let arena = |extra: &[&str]| {
        let mut args = vec![
            "arena",
            "--players",
            "3",
            "--bots",
            "random,random,random",
            "--games",
            "6",
            "--seed",
            "4",
            "--json",
        ];
        args.extend_from_slice(extra);
        let out = ordo(&args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        last_json(&out)
    };
    assert_ne!(
        arena(&["--data", p]),
        arena(&[]),
        "the arena ignored the data pack"
    );
    // A game played with the pack records it, and replays only with it.
    let record = dir.path().join("game.json");
    let mut child = Command::new(env!("CARGO_BIN_EXE_ordo"))
        .args([
            "play",
            "--players",
            "3",
            "--seats",
            "random,random,random",
            "--seed",
            "4",
            "--data",
            p,
            "--save",
            record.to_str().unwrap(),
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    assert!(child.wait().unwrap().success());
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    let id = saved["config"]["data"].as_str().unwrap().to_string();
    assert_eq!(id.len(), 32, "{}", saved["config"]);
    let out = ordo(&["replay", record.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains(&id) && err.contains("--data"), "{err}");
    let out = ordo(&["replay", record.to_str().unwrap(), "--data", p, "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(last_json(&out)["over"], true);
    // A broken pack is refused before any game, with the file, the JSON path and the rule.
    let map = pack.join("crusaders/map_large.json");
    let text = std::fs::read_to_string(&map).unwrap();
    let mut doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    doc["regions"][12]["q"] = serde_json::json!("far");
    std::fs::write(&map, serde_json::to_string_pretty(&doc).unwrap()).unwrap();
    let err = refused_pack(p);
    assert!(
        err.contains("map_large.json: regions[12].q: invalid type"),
        "{err}"
    );
    let out = ordo(&["sim", "--games", "1", "--data", p]);
    assert_eq!(out.status.code(), Some(1));
    // A rule broken in a file that reads: a duplicate region key.
    doc["regions"][12]["q"] = serde_json::json!(text_q(&text, 12));
    let key = doc["regions"][3]["key"].clone();
    doc["regions"][5]["key"] = key.clone();
    std::fs::write(&map, serde_json::to_string_pretty(&doc).unwrap()).unwrap();
    let err = refused_pack(p);
    assert!(
        err.contains(
            &format!("map_large.json: regions[5]: duplicate region key {key}").replace('"', "`")
        ),
        "{err}"
    );
    // A file that is not one of the game's.
    std::fs::write(&map, &text).unwrap();
    std::fs::write(pack.join("crusaders/mapp.json"), "{}").unwrap();
    let err = refused_pack(p);
    assert!(
        err.contains("mapp.json: not a data file of this game"),
        "{err}"
    );
    std::fs::remove_file(pack.join("crusaders/mapp.json")).unwrap();
    // Warrior Knights: rules broken in files that read, each named by its JSON path.
    let wk_map = pack.join("warrior-knights/map.json");
    let wk_text = std::fs::read_to_string(&wk_map).unwrap();
    let mut doc: serde_json::Value = serde_json::from_str(&wk_text).unwrap();
    let road = doc["roads"][1].as_array_mut().unwrap();
    road[1] = serde_json::json!("Lyonn");
    std::fs::write(&wk_map, serde_json::to_string_pretty(&doc).unwrap()).unwrap();
    let wk_comp = pack.join("warrior-knights/components.json");
    let comp_text = std::fs::read_to_string(&wk_comp).unwrap();
    let mut comp: serde_json::Value = serde_json::from_str(&comp_text).unwrap();
    comp["cities"][3]["income"] = serde_json::json!(0);
    std::fs::write(&wk_comp, serde_json::to_string_pretty(&comp).unwrap()).unwrap();
    let err = refused_pack(p);
    assert!(
        err.contains("components.json: cities[3].income: city `"),
        "{err}"
    );
    let comp_ok = std::fs::read_to_string(&wk_comp)
        .unwrap()
        .replace("\"income\": 0", "\"income\": 1");
    std::fs::write(&wk_comp, comp_ok).unwrap();
    let err = refused_pack(p);
    assert!(
        err.contains("map.json: roads[1][1]: unknown area `Lyonn`"),
        "{err}"
    );
    // The server refuses the broken pack before it opens a table: it does not start.
    let db = format!("sqlite:{}", dir.path().join("refused.db").display());
    let mut server = Command::new(env!("CARGO_BIN_EXE_ordo"))
        .args(["serve", "--bind", "127.0.0.1:0", "--db", &db, "--data", p])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = server.try_wait().unwrap() {
            break Some(status);
        }
        if started.elapsed() > std::time::Duration::from_secs(30) {
            let _ = server.kill();
            break None;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    };
    let mut said = String::new();
    std::io::Read::read_to_string(server.stderr.as_mut().unwrap(), &mut said).unwrap();
    assert!(
        status.is_some_and(|s| !s.success()),
        "the server started with a broken pack: {said}"
    );
    assert!(said.contains("roads[1][1]"), "{said}");
}

/// `ordo data check --data DIR` refuses the pack (exit 2); its report.
fn refused_pack(dir: &str) -> String {
    let out = ordo(&["data", "check", "--data", dir]);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{err}");
    err
}

/// The `q` coordinate of region `i` in a map file's text.
fn text_q(text: &str, i: usize) -> serde_json::Value {
    let doc: serde_json::Value = serde_json::from_str(text).unwrap();
    doc["regions"][i]["q"].clone()
}
