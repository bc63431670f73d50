//! `ordo admin`: what an operator does to accounts from the server's shell (list them, reset a
//! password, disable or enable one, end its sessions), on either store.

use std::process::ExitCode;

use clap::{Args, Subcommand};
use ordo_server::store::accounts::AccountRow;
use ordo_server::store::Store;

/// `ordo admin` options.
#[derive(Args, Debug)]
pub(crate) struct AdminArgs {
    /// The server's database (`sqlite:FILE` or `postgres://…`).
    #[arg(long, default_value = "sqlite:ordo.db")]
    db: String,
    #[command(subcommand)]
    command: AdminCommand,
}

#[derive(Subcommand, Debug)]
enum AdminCommand {
    /// List the accounts: name, sign-up date, state.
    Accounts {
        /// One JSON object per account.
        #[arg(long)]
        json: bool,
    },
    /// Give an account a new random password (printed here once) and end its sessions.
    ResetPassword {
        /// The account's name.
        name: String,
    },
    /// Disable an account: it can no longer sign in, its sessions end.
    Disable {
        /// The account's name.
        name: String,
    },
    /// Enable a disabled account again.
    Enable {
        /// The account's name.
        name: String,
    },
    /// End every session of an account (signed out everywhere).
    SignOut {
        /// The account's name.
        name: String,
    },
}

pub(crate) fn run(args: &AdminArgs) -> anyhow::Result<ExitCode> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    rt.block_on(admin(args))
}

async fn admin(args: &AdminArgs) -> anyhow::Result<ExitCode> {
    let store = ordo_server::open_store(&args.db)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let store = &*store;
    match &args.command {
        AdminCommand::Accounts { json } => {
            let accounts = store
                .list_accounts()
                .await
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            for a in &accounts {
                if *json {
                    println!(
                        "{}",
                        serde_json::json!({
                            "name": a.name, "created_at": a.created_at,
                            "disabled": a.disabled, "email": a.email.is_some(),
                        })
                    );
                } else {
                    println!(
                        "{:<24} signed up {}  {}{}",
                        a.name,
                        day_of(a.created_at),
                        if a.disabled { "disabled" } else { "active" },
                        if a.email.is_some() {
                            ", e-mail given"
                        } else {
                            ""
                        }
                    );
                }
            }
            if !json {
                println!("{} account(s)", accounts.len());
            }
        }
        AdminCommand::ResetPassword { name } => {
            let a = named(store, name).await?;
            let password = new_password()?;
            let hash = ordo_server::accounts::hash_password(password.clone())
                .await
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            store
                .set_password(a.id, &hash)
                .await
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            store
                .delete_sessions(a.id, None)
                .await
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            println!("new password of {}: {password}", a.name);
            println!("(shown only here; give it to them privately and ask them to change it)");
        }
        AdminCommand::Disable { name } | AdminCommand::Enable { name } => {
            let disable = matches!(args.command, AdminCommand::Disable { .. });
            let a = named(store, name).await?;
            store
                .set_disabled(a.id, disable)
                .await
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            println!(
                "{} is {}",
                a.name,
                if disable {
                    "disabled (signed out everywhere)"
                } else {
                    "enabled"
                }
            );
        }
        AdminCommand::SignOut { name } => {
            let a = named(store, name).await?;
            let n = store
                .delete_sessions(a.id, None)
                .await
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            println!("{}: {n} session(s) ended", a.name);
        }
    }
    Ok(ExitCode::SUCCESS)
}

async fn named(store: &dyn Store, name: &str) -> anyhow::Result<AccountRow> {
    store
        .account_named(name)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?
        .ok_or_else(|| anyhow::anyhow!("no account is named `{name}`"))
}

/// Sixteen characters from an alphabet without look-alikes (about 80 bits).
fn new_password() -> anyhow::Result<String> {
    const ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789";
    let mut bytes = [0u8; 16];
    getrandom(&mut bytes)?;
    Ok(bytes
        .iter()
        .map(|b| ALPHABET[usize::from(*b) % ALPHABET.len()] as char)
        .collect())
}

fn getrandom(buf: &mut [u8]) -> anyhow::Result<()> {
    use std::io::Read;
    std::fs::File::open("/dev/urandom")?.read_exact(buf)?;
    Ok(())
}

/// The UTC date of a time in milliseconds since the epoch (proleptic Gregorian calendar).
fn day_of(ms: i64) -> String {
    let days = ms.div_euclid(86_400_000);
    // Howard Hinnant's civil-from-days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_passwords() {
        assert_eq!(day_of(0), "1970-01-01");
        assert_eq!(day_of(1_796_428_800_000), "2026-12-05");
        let p = new_password().unwrap_or_default();
        assert_eq!(p.chars().count(), 16);
        assert!(ordo_server::accounts::check_password("Alice", &p).is_ok());
    }
}
