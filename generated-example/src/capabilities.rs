//! Which global capabilities an account holds, computed once here for authentication
//! (the runtime's capability checks) and for the accounts' capability endpoints.
//!
//! As in the real service, capabilities come from the account's own grants and from its
//! groups: membership in `Administrators` grants [`ADMINISTRATORS_GRANT`]. Then the
//! implications of the real service's permission backend apply: `administrateServer`
//! implies every capability except `accessDatabase`, `runAs` and the range capabilities
//! (which must be granted themselves), `maintainServer` implies the cache, task, queue and
//! GC capabilities, and `emailReviewers` is everyone's unless denied.

use crate::api::capabilities as cap;
use crate::storage::{ADMINISTRATORS_NAME, Account, Storage};

/// What membership in `Administrators` grants: the administrator's capability, and
/// impersonation (the example's administrators may act as other accounts).
pub const ADMINISTRATORS_GRANT: &[&str] = &[cap::ADMINISTRATE_SERVER, cap::RUN_AS];

/// Capabilities no other capability implies.
const GRANTED_ONLY: &[&str] = &[
    cap::ACCESS_DATABASE,
    cap::RUN_AS,
    cap::BATCH_CHANGES_LIMIT,
    cap::PRIORITY,
    cap::QUERY_LIMIT,
];

/// Capabilities `maintainServer` implies.
const MAINTENANCE: &[&str] = &[
    cap::FLUSH_CACHES,
    cap::KILL_TASK,
    cap::RUN_GC,
    cap::VIEW_CACHES,
    cap::VIEW_QUEUE,
];

/// The capabilities `account` holds, in the spec's order.
pub fn effective(storage: &Storage, account: &Account) -> Vec<&'static str> {
    held(account, is_administrator(storage, account.id))
}

/// The capabilities `account` holds, in the spec's order, when whether it belongs to
/// `Administrators` is known (looked up with the account).
pub fn held(account: &Account, administrator: bool) -> Vec<&'static str> {
    let granted = |c: &str| {
        account.capabilities.iter().any(|g| g == c)
            || (administrator && ADMINISTRATORS_GRANT.contains(&c))
    };
    let admin = granted(cap::ADMINISTRATE_SERVER);
    let maintain = admin || granted(cap::MAINTAIN_SERVER);
    cap::ALL
        .iter()
        .copied()
        .filter(|&c| {
            if c == cap::EMAIL_REVIEWERS {
                true
            } else if GRANTED_ONLY.contains(&c) {
                granted(c)
            } else if MAINTENANCE.contains(&c) {
                granted(c) || maintain
            } else {
                granted(c) || admin
            }
        })
        .collect()
}

/// True when the account belongs to `Administrators`, directly or through a subgroup.
fn is_administrator(storage: &Storage, account_id: i64) -> bool {
    storage
        .is_member_of_group_named(account_id, ADMINISTRATORS_NAME)
        .unwrap_or(false)
}
