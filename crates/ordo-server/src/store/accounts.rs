//! Accounts and their sessions in the store: one interface ([`Accounts`]), the same SQL on
//! SQLite and PostgreSQL (positional `$n` parameters, each used once and in order, read the
//! same by both), checked by the store contract.

use async_trait::async_trait;

use super::StoreError;

/// An account as stored.
#[derive(Clone, PartialEq, Eq)]
pub struct AccountRow {
    /// Its id.
    pub id: i64,
    /// The name as its owner wrote it.
    pub name: String,
    /// The password's argon2id hash (PHC string).
    pub password_hash: String,
    /// An address for notifications, if its owner gave one.
    pub email: Option<String>,
    /// Creation time, milliseconds since the Unix epoch.
    pub created_at: i64,
    /// Disabled by an operator: no sign-in, no session.
    pub disabled: bool,
}

impl std::fmt::Debug for AccountRow {
    /// Everything but the password hash.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AccountRow")
            .field("id", &self.id)
            .field("name", &self.name)
            .field("created_at", &self.created_at)
            .field("disabled", &self.disabled)
            .finish_non_exhaustive()
    }
}

/// The key a name is unique by: its lower-case form.
pub fn name_key(name: &str) -> String {
    name.to_lowercase()
}

/// Accounts and sessions. Sessions are stored by the hash of their id only.
#[async_trait]
pub trait Accounts: Send + Sync {
    /// Stores a new account; returns its id.
    ///
    /// # Errors
    /// [`StoreError::Exists`] when the name (without regard to case) is taken; database errors.
    async fn create_account(
        &self,
        name: &str,
        password_hash: &str,
        email: Option<&str>,
    ) -> Result<i64, StoreError>;

    /// The account of a name (without regard to case).
    ///
    /// # Errors
    /// Database errors.
    async fn account_named(&self, name: &str) -> Result<Option<AccountRow>, StoreError>;

    /// An account by id.
    ///
    /// # Errors
    /// Database errors.
    async fn account_by_id(&self, id: i64) -> Result<Option<AccountRow>, StoreError>;

    /// Every account, by name.
    ///
    /// # Errors
    /// Database errors.
    async fn list_accounts(&self) -> Result<Vec<AccountRow>, StoreError>;

    /// Replaces an account's password hash.
    ///
    /// # Errors
    /// [`StoreError::NotFound`]; database errors.
    async fn set_password(&self, account: i64, hash: &str) -> Result<(), StoreError>;

    /// Sets or clears an account's e-mail address.
    ///
    /// # Errors
    /// [`StoreError::NotFound`]; database errors.
    async fn set_email(&self, account: i64, email: Option<&str>) -> Result<(), StoreError>;

    /// Disables or enables an account (disabling also ends its sessions).
    ///
    /// # Errors
    /// [`StoreError::NotFound`]; database errors.
    async fn set_disabled(&self, account: i64, disabled: bool) -> Result<(), StoreError>;

    /// Deletes an account and its sessions.
    ///
    /// # Errors
    /// [`StoreError::NotFound`]; database errors.
    async fn delete_account(&self, account: i64) -> Result<(), StoreError>;

    /// Stores a session of `account` under the hash of its id.
    ///
    /// # Errors
    /// Database errors.
    async fn create_session(&self, id_hash: &str, account: i64) -> Result<(), StoreError>;

    /// The account a session belongs to, with the session's last use (milliseconds), if the
    /// session exists; marks it used now when `touch` is set.
    ///
    /// # Errors
    /// Database errors.
    async fn session_account(
        &self,
        id_hash: &str,
        touch: bool,
    ) -> Result<Option<(AccountRow, i64)>, StoreError>;

    /// Ends one session.
    ///
    /// # Errors
    /// Database errors.
    async fn delete_session(&self, id_hash: &str) -> Result<(), StoreError>;

    /// Ends every session of `account` except `keep` (if given); returns how many ended.
    ///
    /// # Errors
    /// Database errors.
    async fn delete_sessions(&self, account: i64, keep: Option<&str>) -> Result<u64, StoreError>;
}

/// One implementation of [`Accounts`] over a sqlx pool (the SQL reads the same on both).
macro_rules! accounts_over_pool {
    ($store:ty, $row:ty) => {
        #[async_trait::async_trait]
        impl $crate::store::accounts::Accounts for $store {
            async fn create_account(
                &self,
                name: &str,
                password_hash: &str,
                email: Option<&str>,
            ) -> Result<i64, $crate::store::StoreError> {
                let res = sqlx::query_scalar::<_, i64>(
                    "INSERT INTO accounts (name, name_key, password_hash, email, created_at) \
                     VALUES ($1, $2, $3, $4, $5) RETURNING id",
                )
                .bind(name)
                .bind($crate::store::accounts::name_key(name))
                .bind(password_hash)
                .bind(email)
                .bind($crate::store::now_ms())
                .fetch_one(self.pool())
                .await;
                match res {
                    Ok(id) => Ok(id),
                    Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                        Err($crate::store::StoreError::Exists(name.to_owned()))
                    }
                    Err(e) => Err(e.into()),
                }
            }

            async fn account_named(
                &self,
                name: &str,
            ) -> Result<Option<$crate::store::accounts::AccountRow>, $crate::store::StoreError>
            {
                let row = sqlx::query(
                    "SELECT id, name, password_hash, email, created_at, disabled \
                     FROM accounts WHERE name_key = $1",
                )
                .bind($crate::store::accounts::name_key(name))
                .fetch_optional(self.pool())
                .await?;
                row.as_ref().map(account_from).transpose()
            }

            async fn account_by_id(
                &self,
                id: i64,
            ) -> Result<Option<$crate::store::accounts::AccountRow>, $crate::store::StoreError>
            {
                let row = sqlx::query(
                    "SELECT id, name, password_hash, email, created_at, disabled \
                     FROM accounts WHERE id = $1",
                )
                .bind(id)
                .fetch_optional(self.pool())
                .await?;
                row.as_ref().map(account_from).transpose()
            }

            async fn list_accounts(
                &self,
            ) -> Result<Vec<$crate::store::accounts::AccountRow>, $crate::store::StoreError> {
                let rows = sqlx::query(
                    "SELECT id, name, password_hash, email, created_at, disabled \
                     FROM accounts ORDER BY name_key",
                )
                .fetch_all(self.pool())
                .await?;
                rows.iter().map(account_from).collect()
            }

            async fn set_password(
                &self,
                account: i64,
                hash: &str,
            ) -> Result<(), $crate::store::StoreError> {
                let done = sqlx::query("UPDATE accounts SET password_hash = $1 WHERE id = $2")
                    .bind(hash)
                    .bind(account)
                    .execute(self.pool())
                    .await?;
                $crate::store::accounts::found(done.rows_affected(), account)
            }

            async fn set_email(
                &self,
                account: i64,
                email: Option<&str>,
            ) -> Result<(), $crate::store::StoreError> {
                let done = sqlx::query("UPDATE accounts SET email = $1 WHERE id = $2")
                    .bind(email)
                    .bind(account)
                    .execute(self.pool())
                    .await?;
                $crate::store::accounts::found(done.rows_affected(), account)
            }

            async fn set_disabled(
                &self,
                account: i64,
                disabled: bool,
            ) -> Result<(), $crate::store::StoreError> {
                let mut tx = self.pool().begin().await?;
                let done = sqlx::query("UPDATE accounts SET disabled = $1 WHERE id = $2")
                    .bind(disabled)
                    .bind(account)
                    .execute(&mut *tx)
                    .await?;
                if disabled {
                    sqlx::query("DELETE FROM sessions WHERE account_id = $1")
                        .bind(account)
                        .execute(&mut *tx)
                        .await?;
                }
                tx.commit().await?;
                $crate::store::accounts::found(done.rows_affected(), account)
            }

            async fn delete_account(&self, account: i64) -> Result<(), $crate::store::StoreError> {
                let mut tx = self.pool().begin().await?;
                sqlx::query("DELETE FROM sessions WHERE account_id = $1")
                    .bind(account)
                    .execute(&mut *tx)
                    .await?;
                let done = sqlx::query("DELETE FROM accounts WHERE id = $1")
                    .bind(account)
                    .execute(&mut *tx)
                    .await?;
                tx.commit().await?;
                $crate::store::accounts::found(done.rows_affected(), account)
            }

            async fn create_session(
                &self,
                id_hash: &str,
                account: i64,
            ) -> Result<(), $crate::store::StoreError> {
                let now = $crate::store::now_ms();
                sqlx::query(
                    "INSERT INTO sessions (id_hash, account_id, created_at, last_seen) \
                     VALUES ($1, $2, $3, $4)",
                )
                .bind(id_hash)
                .bind(account)
                .bind(now)
                .bind(now)
                .execute(self.pool())
                .await?;
                Ok(())
            }

            async fn session_account(
                &self,
                id_hash: &str,
                touch: bool,
            ) -> Result<
                Option<($crate::store::accounts::AccountRow, i64)>,
                $crate::store::StoreError,
            > {
                let row = sqlx::query(
                    "SELECT a.id, a.name, a.password_hash, a.email, a.created_at, a.disabled, \
                     s.last_seen FROM sessions s JOIN accounts a ON a.id = s.account_id \
                     WHERE s.id_hash = $1",
                )
                .bind(id_hash)
                .fetch_optional(self.pool())
                .await?;
                let Some(row) = row else { return Ok(None) };
                let account = account_from(&row)?;
                let last_seen: i64 = sqlx::Row::try_get(&row, "last_seen")?;
                if touch {
                    sqlx::query("UPDATE sessions SET last_seen = $1 WHERE id_hash = $2")
                        .bind($crate::store::now_ms())
                        .bind(id_hash)
                        .execute(self.pool())
                        .await?;
                }
                Ok(Some((account, last_seen)))
            }

            async fn delete_session(&self, id_hash: &str) -> Result<(), $crate::store::StoreError> {
                sqlx::query("DELETE FROM sessions WHERE id_hash = $1")
                    .bind(id_hash)
                    .execute(self.pool())
                    .await?;
                Ok(())
            }

            async fn delete_sessions(
                &self,
                account: i64,
                keep: Option<&str>,
            ) -> Result<u64, $crate::store::StoreError> {
                let done = sqlx::query(
                    "DELETE FROM sessions WHERE account_id = $1 AND id_hash <> $2",
                )
                .bind(account)
                .bind(keep.unwrap_or(""))
                .execute(self.pool())
                .await?;
                Ok(done.rows_affected())
            }
        }

        fn account_from(
            row: &$row,
        ) -> Result<$crate::store::accounts::AccountRow, $crate::store::StoreError> {
            use sqlx::Row;
            Ok($crate::store::accounts::AccountRow {
                id: row.try_get("id")?,
                name: row.try_get("name")?,
                password_hash: row.try_get("password_hash")?,
                email: row.try_get("email")?,
                created_at: row.try_get("created_at")?,
                disabled: row.try_get("disabled")?,
            })
        }
    };
}

pub(crate) use accounts_over_pool;

/// `NotFound` when an update touched no account.
pub(crate) fn found(rows: u64, account: i64) -> Result<(), StoreError> {
    if rows == 0 {
        Err(StoreError::NotFound(format!("account {account}")))
    } else {
        Ok(())
    }
}
