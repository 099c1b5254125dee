//! The boards as each scope sees them, remembered for the catalog revision they were read at.
//! Every table a board reads moves that revision (migration 000013's triggers, and the catalog's
//! own), so an answer is used only while nothing it was made of has changed; a process keeps its
//! own and checks the revision in the database on each request, so several instances agree.

use crate::dto::CollectionNode;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Scopes remembered at most (users without a pool share their company's, pooled users their
/// pool's); past it the oldest revision's answers go first.
const MAX_SCOPES: usize = 256;

type Boards = Arc<Vec<CollectionNode>>;

#[derive(Default)]
pub struct BoardsCache {
    answers: Mutex<HashMap<String, (i64, Boards)>>,
}

impl BoardsCache {
    pub fn new() -> BoardsCache {
        BoardsCache::default()
    }

    pub(crate) fn get(&self, scope: &str, revision: i64) -> Option<Boards> {
        let answers = self.answers.lock().ok()?;
        answers
            .get(scope)
            .filter(|(at, _)| *at == revision)
            .map(|(_, boards)| boards.clone())
    }

    pub(crate) fn put(&self, scope: String, revision: i64, boards: Boards) {
        let Ok(mut answers) = self.answers.lock() else {
            return;
        };
        if answers.len() >= MAX_SCOPES && !answers.contains_key(&scope) {
            answers.retain(|_, (at, _)| *at == revision);
            if answers.len() >= MAX_SCOPES {
                answers.clear();
            }
        }
        answers.insert(scope, (revision, boards));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_serves_its_revision_only_and_the_cache_stays_bounded() {
        let cache = BoardsCache::new();
        cache.put("a".into(), 1, Arc::new(Vec::new()));
        assert!(cache.get("a", 1).is_some());
        assert!(cache.get("a", 2).is_none());
        assert!(cache.get("b", 1).is_none());
        for i in 0..MAX_SCOPES * 2 {
            cache.put(format!("s{i}"), 3, Arc::new(Vec::new()));
        }
        let held = cache.answers.lock().map(|a| a.len()).unwrap_or(0);
        assert!(held <= MAX_SCOPES, "{held}");
        assert!(cache.get("a", 1).is_none(), "older revisions go first");
    }
}
