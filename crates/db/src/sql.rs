//! Hand-built SQL with bound values, for the queries the diesel DSL cannot express portably (the
//! pool and search predicates, the colour search). Values are always bound, never spliced: the
//! placeholders (`?` on SQLite, `$n` on PostgreSQL) are written by diesel for the backend in use.
//!
//! A [`Sql`] runs as a query (`load` into a `QueryableByName` row); a [`Predicate`] is a boolean
//! expression usable in a DSL `filter` on any table (it names its columns itself).

use chrono::NaiveDateTime;
use diesel::QueryResult;
use diesel::expression::{
    AppearsOnTable, Expression, SelectableExpression, ValidGrouping, is_aggregate,
};
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::query_dsl::RunQueryDsl;
use diesel::sql_types::{BigInt, Bool, Double, Integer, Text, Timestamp, Untyped};

use crate::DbConnection;

type Db = <DbConnection as diesel::Connection>::Backend;

/// `LIKE` pattern text with the wildcards of user input escaped (used with `ESCAPE '\'`).
pub fn like_escaped(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_")
}

diesel::define_sql_function! {
    /// SQL `lower`: Unicode-aware on both backends (SQLite connections get a Rust one).
    fn lower(text: Text) -> Text;
}

diesel::define_sql_function! {
    /// `lower` of a nullable text.
    #[sql_name = "lower"]
    fn lower_nullable(text: diesel::sql_types::Nullable<Text>) -> diesel::sql_types::Nullable<Text>;
}

#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Text(String),
    Int(i32),
    BigInt(i64),
    Double(f64),
    Bool(bool),
    Time(NaiveDateTime),
}

impl From<&str> for Value {
    fn from(v: &str) -> Self {
        Value::Text(v.to_owned())
    }
}
impl From<String> for Value {
    fn from(v: String) -> Self {
        Value::Text(v)
    }
}
impl From<&String> for Value {
    fn from(v: &String) -> Self {
        Value::Text(v.clone())
    }
}
impl From<i32> for Value {
    fn from(v: i32) -> Self {
        Value::Int(v)
    }
}
impl From<i64> for Value {
    fn from(v: i64) -> Self {
        Value::BigInt(v)
    }
}
impl From<f64> for Value {
    fn from(v: f64) -> Self {
        Value::Double(v)
    }
}
impl From<bool> for Value {
    fn from(v: bool) -> Self {
        Value::Bool(v)
    }
}
impl From<NaiveDateTime> for Value {
    fn from(v: NaiveDateTime) -> Self {
        Value::Time(v)
    }
}

#[derive(Debug, Clone, PartialEq)]
enum Part {
    Text(String),
    Value(Value),
}

/// A piece of SQL text with its bound values in order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Sql {
    parts: Vec<Part>,
}

impl Sql {
    pub fn new(text: &str) -> Self {
        let mut sql = Sql::default();
        sql.push(text);
        sql
    }

    /// Appends SQL text (never user input: that goes through [`Sql::bind`]).
    pub fn push(&mut self, text: &str) -> &mut Self {
        if !text.is_empty() {
            self.parts.push(Part::Text(text.to_owned()));
        }
        self
    }

    /// Appends a placeholder bound to `value`.
    pub fn bind(&mut self, value: impl Into<Value>) -> &mut Self {
        self.parts.push(Part::Value(value.into()));
        self
    }

    /// Appends `(?, ?, ...)` for the values; `(NULL)` for none, which matches nothing in `IN`.
    pub fn bind_list<V: Into<Value>>(&mut self, values: impl IntoIterator<Item = V>) -> &mut Self {
        self.push("(");
        let mut any = false;
        for (i, v) in values.into_iter().enumerate() {
            if i > 0 {
                self.push(", ");
            }
            self.bind(v);
            any = true;
        }
        if !any {
            self.push("NULL");
        }
        self.push(")")
    }

    pub fn append(&mut self, other: &Sql) -> &mut Self {
        self.parts.extend(other.parts.iter().cloned());
        self
    }

    /// `a SEP b SEP c`, each part in parentheses; `empty` when there are none.
    pub fn join(parts: &[Sql], separator: &str, empty: &str) -> Sql {
        if parts.is_empty() {
            return Sql::new(empty);
        }
        let mut sql = Sql::default();
        for (i, p) in parts.iter().enumerate() {
            if i > 0 {
                sql.push(separator);
            }
            sql.push("(").append(p).push(")");
        }
        sql
    }

    pub fn and(parts: &[Sql]) -> Sql {
        Sql::join(parts, " AND ", "1 = 1")
    }

    pub fn or(parts: &[Sql]) -> Sql {
        Sql::join(parts, " OR ", "1 = 0")
    }

    pub fn predicate(self) -> Predicate {
        Predicate(self)
    }

    /// The SQL text with `?` for each value, for logs and tests.
    pub fn text(&self) -> String {
        self.parts
            .iter()
            .map(|p| match p {
                Part::Text(t) => t.as_str(),
                Part::Value(_) => "?",
            })
            .collect()
    }

    pub fn values(&self) -> impl Iterator<Item = &Value> {
        self.parts.iter().filter_map(|p| match p {
            Part::Value(v) => Some(v),
            Part::Text(_) => None,
        })
    }
}

impl QueryFragment<Db> for Sql {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Db>) -> QueryResult<()> {
        // The text varies with the filters: never cache it as a prepared statement.
        out.unsafe_to_cache_prepared();
        for part in &self.parts {
            match part {
                Part::Text(t) => out.push_sql(t),
                Part::Value(Value::Text(v)) => out.push_bind_param::<Text, String>(v)?,
                Part::Value(Value::Int(v)) => out.push_bind_param::<Integer, i32>(v)?,
                Part::Value(Value::BigInt(v)) => out.push_bind_param::<BigInt, i64>(v)?,
                Part::Value(Value::Double(v)) => out.push_bind_param::<Double, f64>(v)?,
                Part::Value(Value::Bool(v)) => out.push_bind_param::<Bool, bool>(v)?,
                Part::Value(Value::Time(v)) => {
                    out.push_bind_param::<Timestamp, NaiveDateTime>(v)?
                }
            }
        }
        Ok(())
    }
}

impl QueryId for Sql {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl Query for Sql {
    type SqlType = Untyped;
}

impl RunQueryDsl<DbConnection> for Sql {}

/// A boolean SQL expression for a DSL `filter`.
#[derive(Debug, Clone, PartialEq)]
pub struct Predicate(pub Sql);

impl Expression for Predicate {
    type SqlType = Bool;
}

impl QueryFragment<Db> for Predicate {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Db>) -> QueryResult<()> {
        out.push_sql("(");
        self.0.walk_ast(out.reborrow())?;
        out.push_sql(")");
        Ok(())
    }
}

impl QueryId for Predicate {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<QS> AppearsOnTable<QS> for Predicate {}
impl<QS> SelectableExpression<QS> for Predicate {}
impl ValidGrouping<()> for Predicate {
    type IsAggregate = is_aggregate::Never;
}

#[cfg(test)]
mod tests {
    use super::like_escaped;

    #[test]
    fn user_wildcards_are_escaped() {
        assert_eq!(like_escaped("01_5%"), "01\\_5\\%");
        assert_eq!(like_escaped("a\\b"), "a\\\\b");
    }
}
