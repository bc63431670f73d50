//! One migration runner for both stores: sqlx's, over the SQL files under `migrations/`
//! (embedded at build time). A database left by a build before it, which kept its applied
//! versions in its own `schema_migrations` table, is adopted first: each store records those
//! versions in sqlx's table with the embedded files' checksums (`adopted`) and drops the old
//! table, then the runner applies whatever is missing.

use sqlx::migrate::Migrator;

use super::StoreError;

/// The SQLite store's migrations.
pub(super) static SQLITE: Migrator = sqlx::migrate!("migrations/sqlite");
/// The PostgreSQL store's migrations.
pub(super) static POSTGRES: Migrator = sqlx::migrate!("migrations/postgres");

/// One migration a legacy database had applied, as sqlx records it.
pub(super) struct Adopted {
    pub(super) version: i64,
    pub(super) description: String,
    pub(super) checksum: Vec<u8>,
}

/// The rows for sqlx's table that say `versions` (read from a legacy `schema_migrations`) are
/// applied.
///
/// # Errors
/// A version this build does not know: the database was left by a newer build.
pub(super) fn adopted(migrator: &Migrator, versions: &[i64]) -> Result<Vec<Adopted>, StoreError> {
    versions
        .iter()
        .map(|&v| {
            migrator
                .iter()
                .find(|m| m.version == v)
                .map(|m| Adopted {
                    version: v,
                    description: m.description.to_string(),
                    checksum: m.checksum.to_vec(),
                })
                .ok_or_else(|| failed(sqlx::migrate::MigrateError::VersionMissing(v)))
        })
        .collect()
}

/// A migration error as a store error.
pub(super) fn failed(e: sqlx::migrate::MigrateError) -> StoreError {
    StoreError::Database(sqlx::Error::Migrate(Box::new(e)))
}
