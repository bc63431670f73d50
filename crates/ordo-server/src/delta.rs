//! Small updates: the difference between two snapshots as a JSON merge patch (RFC 7386).
//!
//! Objects are compared key by key and only changed keys are sent; a removed key (or a value
//! that became `null`) is sent as `null`; any other change (arrays, scalars) is sent whole.
//! A client applies the patch to the snapshot it holds with [`merge_apply`]; a key whose value is
//! `null` is the same as an absent key, both in snapshots and in patches.
//!
//! One extension keeps updates of long arrays small: when an array keeps its length and only a
//! few of its elements change, the patch is an object `{"@a": {"<index>": <patch of element>}}`.
//! No Ordo view has a key named `@a`, so the form is unambiguous.

use serde_json::{Map, Value};

/// The merge patch that turns `old` into `new` (`None` when they are equal).
pub fn merge_diff(old: &Value, new: &Value) -> Option<Value> {
    // Objects and arrays are compared by walking them once (an equality test first would
    // compare every unchanged subtree again at each level above it).
    match (old, new) {
        (Value::Object(a), Value::Object(b)) => diff_objects(a, b, None),
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() => {
            let mut changed = Map::new();
            for (i, (x, y)) in a.iter().zip(b).enumerate() {
                if let Some(d) = merge_diff(x, y) {
                    changed.insert(i.to_string(), d);
                }
            }
            if changed.is_empty() {
                None
            } else if changed.len() * 2 > a.len() {
                Some(strip_nulls(new))
            } else {
                let mut m = Map::new();
                m.insert(ARRAY_KEY.to_string(), Value::Object(changed));
                Some(Value::Object(m))
            }
        }
        _ if old == new => None,
        (_, Value::Object(_) | Value::Array(_)) => Some(strip_nulls(new)),
        _ => Some(new.clone()),
    }
}

/// [`merge_diff`] of two objects leaving out one top-level key (compared by the caller).
pub fn merge_diff_except(old: &Value, new: &Value, skip: &str) -> Option<Value> {
    match (old, new) {
        (Value::Object(a), Value::Object(b)) => diff_objects(a, b, Some(skip)),
        _ => merge_diff(old, new),
    }
}

/// The merge patch between two objects, without the key `skip`.
fn diff_objects(
    a: &Map<String, Value>,
    b: &Map<String, Value>,
    skip: Option<&str>,
) -> Option<Value> {
    let kept = |k: &String| Some(k.as_str()) != skip;
    let mut patch = Map::new();
    for (k, va) in a.iter().filter(|(k, _)| kept(k)) {
        match b.get(k) {
            None | Some(Value::Null) => {
                if !va.is_null() {
                    patch.insert(k.clone(), Value::Null);
                }
            }
            Some(vb) => {
                if let Some(d) = merge_diff(va, vb) {
                    patch.insert(k.clone(), d);
                }
            }
        }
    }
    for (k, vb) in b.iter().filter(|(k, _)| kept(k)) {
        if !a.contains_key(k) && !vb.is_null() {
            patch.insert(k.clone(), strip_nulls(vb));
        }
    }
    (!patch.is_empty()).then_some(Value::Object(patch))
}

/// The key of an array patch.
pub const ARRAY_KEY: &str = "@a";

/// A value with every object key whose value is `null` removed (so that it can travel inside a
/// merge patch, where `null` means "remove").
pub(crate) fn strip_nulls(v: &Value) -> Value {
    match v {
        Value::Object(m) => Value::Object(
            m.iter()
                .filter(|(_, x)| !x.is_null())
                .map(|(k, x)| (k.clone(), strip_nulls(x)))
                .collect(),
        ),
        Value::Array(a) => Value::Array(a.iter().map(strip_nulls).collect()),
        other => other.clone(),
    }
}

/// Applies a merge patch in place (RFC 7386).
pub fn merge_apply(target: &mut Value, patch: &Value) {
    let Value::Object(p) = patch else {
        *target = patch.clone();
        return;
    };
    if let (Value::Array(items), Some(Value::Object(changed)), 1) =
        (&mut *target, p.get(ARRAY_KEY), p.len())
    {
        for (k, sub) in changed {
            if let Some(item) = k.parse::<usize>().ok().and_then(|i| items.get_mut(i)) {
                if sub.is_null() {
                    *item = Value::Null;
                } else {
                    merge_apply(item, sub);
                }
            }
        }
        return;
    }
    if !target.is_object() {
        *target = Value::Object(Map::new());
    }
    if let Value::Object(t) = target {
        for (k, v) in p {
            if v.is_null() {
                t.remove(k);
            } else {
                merge_apply(t.entry(k.clone()).or_insert(Value::Null), v);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn same_modulo_nulls(a: &Value, b: &Value) -> bool {
        strip_nulls(a) == strip_nulls(b)
    }

    #[test]
    fn diff_then_apply_round_trips() {
        let cases = [
            (
                json!({"a": 1, "b": {"c": [1, 2], "d": "x"}}),
                json!({"a": 1, "b": {"c": [1, 3], "d": "x"}}),
            ),
            (
                json!({"a": 1, "b": null}),
                json!({"a": 2, "b": 5, "e": {"f": null, "g": 1}}),
            ),
            (json!({"a": {"b": 1}}), json!({"a": 7})),
            (json!({"a": 7}), json!({"a": {"b": 1, "z": null}})),
            (json!({"a": 1, "gone": true}), json!({"a": 1})),
            (json!([1, 2]), json!({"a": 1})),
            (json!({"x": 1}), json!({"x": 1})),
            (
                json!({"r": [{"a": 1}, {"a": 2}, {"a": 3}]}),
                json!({"r": [{"a": 1}, {"a": 5, "b": null}, {"a": 3}]}),
            ),
            (json!({"r": [1, null, 3, 4]}), json!({"r": [1, 2, 3, 4]})),
            (json!({"r": [1, 2, 3, 4]}), json!({"r": [1, null, 3, 4]})),
            (
                json!({"r": [{"a": 1}, 2, 3, 4]}),
                json!({"r": [7, 2, 3, 4]}),
            ),
            (json!({"r": [1, 2]}), json!({"r": [1, 2, 3]})),
        ];
        for (old, new) in cases {
            let mut have = strip_nulls(&old);
            if let Some(p) = merge_diff(&old, &new) {
                merge_apply(&mut have, &p);
            }
            assert!(same_modulo_nulls(&have, &new), "{old} -> {new}: got {have}");
        }
    }

    #[test]
    fn a_small_change_gives_a_small_patch() {
        let old = json!({"version": 4, "view": {"regions": [1, 2, 3], "players": [{"gold": 1}, {"gold": 2}]}});
        let new = json!({"version": 5, "view": {"regions": [1, 2, 3], "players": [{"gold": 1}, {"gold": 3}]}});
        let p = merge_diff(&old, &new);
        assert_eq!(
            p,
            Some(json!({"version": 5, "view": {"players": {"@a": {"1": {"gold": 3}}}}}))
        );
        assert_eq!(merge_diff(&old, &old), None);
    }
}
