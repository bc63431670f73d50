//! What the mails and webhooks say, in the player's language (English, Vietnamese, Japanese,
//! Russian: the languages of the browser client; the account keeps the one its settings were
//! last saved in).

use super::{Note, Who};

/// The languages notes are written in.
pub const LANGS: [&str; 4] = ["en", "vi", "ja", "ru"];

/// `lang` if notes are written in it, else English.
pub(crate) fn lang_of(lang: &str) -> &'static str {
    LANGS.iter().find(|&&l| l == lang).copied().unwrap_or("en")
}

fn game_name(id: &str, lang: &str) -> String {
    match (id, lang) {
        ("crusaders", "ja") => "クルセイダーズ：御心のままに".into(),
        ("crusaders", "ru") => "Крестоносцы: Да будет воля Твоя".into(),
        ("warrior-knights", "ja") => "ウォーリアーナイツ".into(),
        _ => crate::games::game_name(id),
    }
}

fn who(w: &Who, lang: &str) -> String {
    match (w, lang) {
        (Who::Named(n), _) => n.clone(),
        (Who::Bot(b), "ja") => format!("ボット（{b}）"),
        (Who::Bot(b), "ru") => format!("бот ({b})"),
        (Who::Bot(b), _) => format!("bot ({b})"),
        (Who::Guest, "vi") => "một khách".into(),
        (Who::Guest, "ja") => "ゲスト".into(),
        (Who::Guest, "ru") => "гость".into(),
        (Who::Guest, _) => "a guest".into(),
    }
}

/// A duration in words, shortly: "1 d 4 h", "3 h 5 min", "40 s" (and their translations).
pub(crate) fn duration(ms: i64, lang: &str) -> String {
    let s = ms.max(0) / 1000;
    let (d, h, m) = (s / 86_400, (s % 86_400) / 3600, (s % 3600) / 60);
    let [ud, uh, um, us] = match lang {
        "vi" => [" ngày", " giờ", " phút", " giây"],
        "ja" => ["日", "時間", "分", "秒"],
        "ru" => [" д", " ч", " мин", " с"],
        _ => [" d", " h", " min", " s"],
    };
    let sep = if lang == "ja" { "" } else { " " };
    if d > 0 {
        format!("{d}{ud}{sep}{h}{uh}")
    } else if h > 0 {
        format!("{h}{uh}{sep}{m}{um}")
    } else if m > 0 {
        format!("{m}{um}")
    } else {
        format!("{s}{us}")
    }
}

/// A note's title and text in `lang`, with the table's address.
pub(crate) fn words(note: &Note, public_url: &str, lang: &str) -> (String, String) {
    let lang = lang_of(lang);
    let link = format!("{}/t/{}", public_url.trim_end_matches('/'), note.table());
    match note {
        Note::YourTurn { game, others, .. } => {
            let g = game_name(game, lang);
            let names: Vec<String> = others.iter().map(|w| who(w, lang)).collect();
            let with = match (names.is_empty(), lang) {
                (true, _) => String::new(),
                (false, "ja") => format!("（{}と対戦中）", names.join("、")),
                (false, "vi") => format!(" (cùng {})", names.join(", ")),
                (false, "ru") => format!(" (с {})", names.join(", ")),
                (false, _) => format!(" with {}", names.join(", ")),
            };
            match lang {
                "vi" => (
                    format!("Đến lượt bạn trong {g}"),
                    format!("Đến lượt bạn trong {g}{with}: {link}"),
                ),
                "ja" => (
                    format!("{g}：あなたの番です"),
                    format!("{g}{with}であなたの番です：{link}"),
                ),
                "ru" => (
                    format!("Ваш ход в игре «{g}»"),
                    format!("Ваш ход в игре «{g}»{with}: {link}"),
                ),
                _ => (
                    format!("Your turn in {g}"),
                    format!("It is your turn in {g}{with}: {link}"),
                ),
            }
        }
        Note::Reminder {
            game,
            percent,
            left_ms,
            ..
        } => {
            let g = game_name(game, lang);
            let left = duration(*left_ms, lang);
            match lang {
                "vi" => (
                    format!("Nhắc nhở: đến lượt bạn trong {g}"),
                    format!("Đã dùng {percent} % thời gian cho nước đi này trong {g}; còn {left}: {link}"),
                ),
                "ja" => (
                    format!("リマインダー：{g}であなたの手番です"),
                    format!("{g}のこの手の持ち時間の{percent} %が過ぎました。残り{left}：{link}"),
                ),
                "ru" => (
                    format!("Напоминание: ваш ход в игре «{g}»"),
                    format!("Прошло {percent} % времени на этот ход в игре «{g}»; осталось {left}: {link}"),
                ),
                _ => (
                    format!("Reminder: your move in {g}"),
                    format!("{percent} % of your time for this move in {g} has gone; {left} left: {link}"),
                ),
            }
        }
        Note::TimedOut { game, at_move, .. } => {
            let g = game_name(game, lang);
            let n = at_move + 1;
            match lang {
                "vi" => (
                    format!("Bạn đã hết thời gian trong {g}"),
                    format!("Bạn hết thời gian ở nước thứ {n} trong {g}; người chơi thay sẽ đánh cho bạn đến khi bạn lấy lại ghế: {link}"),
                ),
                "ja" => (
                    format!("{g}で持ち時間が切れました"),
                    format!("{g}の{n}手目で持ち時間が切れました。席を取り戻すまで代理があなたの代わりに指します：{link}"),
                ),
                "ru" => (
                    format!("Ваше время в игре «{g}» истекло"),
                    format!("Ваше время истекло на ходу {n} в игре «{g}»; заместитель играет за вас, пока вы не вернёте себе место: {link}"),
                ),
                _ => (
                    format!("Your time ran out in {g}"),
                    format!("Your time ran out at move {n} in {g}; the stand-in plays for you until you take your seat back: {link}"),
                ),
            }
        }
    }
}

/// A batch mail's subject: turns at `n` tables.
pub(crate) fn batch_subject(n: usize, lang: &str) -> String {
    match lang_of(lang) {
        "vi" => format!("Đến lượt bạn ở {n} bàn"),
        "ja" => format!("{n}卓であなたの番です"),
        "ru" => format!("Ваш ход за столами: {n}"),
        _ => format!("Your turn at {n} tables"),
    }
}

/// The end of every mail: why it came and how to stop it.
pub(crate) fn footer(unsubscribe: &str, lang: &str) -> String {
    match lang_of(lang) {
        "vi" => format!("Bạn nhận thư này vì đã bật thông báo qua e-mail trong tài khoản Ordo.\nĐể dừng: {unsubscribe}\n"),
        "ja" => format!("Ordoアカウントでメール通知をオンにしているため、このメールが届いています。\n停止するには：{unsubscribe}\n"),
        "ru" => format!("Вы получили это письмо, потому что включили уведомления по e-mail в аккаунте Ordo.\nЧтобы их отключить: {unsubscribe}\n"),
        _ => format!("You get this mail because you switched on e-mail notifications in your Ordo account.\nTo stop them: {unsubscribe}\n"),
    }
}

/// The settings page's webhook test message.
pub(crate) fn webhook_test(lang: &str) -> &'static str {
    match lang_of(lang) {
        "vi" => "Ordo: đây là tin thử webhook của bạn. Lượt chơi của bạn sẽ được báo ở đây.",
        "ja" => "Ordo：Webhookのテストです。あなたの手番はここでお知らせします。",
        "ru" => "Ordo: это проверка вашего вебхука. Здесь будут сообщения о ваших ходах.",
        _ => "Ordo: this is a test of your webhook. Your turns will be announced here.",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_note_reads_in_every_language() {
        let notes = [
            Note::YourTurn {
                account: 1,
                table: "t1".into(),
                game: "crusaders".into(),
                others: vec![
                    Who::Named("Bob".into()),
                    Who::Bot("easy".into()),
                    Who::Guest,
                ],
            },
            Note::Reminder {
                account: 1,
                table: "t1".into(),
                game: "warrior-knights".into(),
                percent: 90,
                left_ms: 3 * 3_600_000 + 5 * 60_000,
            },
            Note::TimedOut {
                account: 1,
                table: "t1".into(),
                game: "crusaders".into(),
                at_move: 86,
            },
        ];
        for lang in LANGS {
            for n in &notes {
                let (title, body) = words(n, "https://o.example", lang);
                assert!(
                    !title.is_empty() && body.ends_with("https://o.example/t/t1"),
                    "{lang}: {body}"
                );
            }
            assert!(footer("U", lang).contains('U'));
        }
        let (_, en) = words(&notes[0], "x", "en");
        assert!(en.contains("with Bob, bot (easy), a guest"), "{en}");
        let (_, ru) = words(&notes[2], "x", "ru");
        assert!(ru.contains("на ходу 87"), "{ru}");
        let (_, ja) = words(&notes[1], "x", "ja");
        assert!(ja.contains("残り3時間5分"), "{ja}");
        assert_eq!(lang_of("de"), "en");
        assert_eq!(duration(90_000_000, "en"), "1 d 1 h");
        assert_eq!(duration(40_000, "vi"), "40 giây");
    }
}
