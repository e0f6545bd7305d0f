//! A query option holding a map (`map<T>`): OpenAPI's `deepObject` style
//! (`filter[status]=open&filter[kind]=7`, Files.com's and Red Hat's filters) or an exploded
//! `form` object of any members (every query key no other option names). The service's
//! runtime packs the keys it holds into one value before the options are read
//! (`restspec_runtime`'s `message::option_keys::pack_maps`); the typed client writes them out
//! again.

use std::collections::BTreeMap;
use std::ops::{Deref, DerefMut};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The members of a map query option, by key, each of the option's item type. Empty when
/// the request has none.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct QueryMap<V>(pub BTreeMap<String, V>);

impl<V> QueryMap<V> {
    /// An empty map.
    pub fn new() -> Self {
        QueryMap(BTreeMap::new())
    }
}

impl<V> Deref for QueryMap<V> {
    type Target = BTreeMap<String, V>;

    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl<V> DerefMut for QueryMap<V> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

impl<V> From<BTreeMap<String, V>> for QueryMap<V> {
    fn from(map: BTreeMap<String, V>) -> Self {
        QueryMap(map)
    }
}

/// Read from the packed value: the map's keys and values as form pairs (`status=open&kind=7`),
/// each value read as the item type reads text.
impl<'de, V: serde::de::DeserializeOwned> Deserialize<'de> for QueryMap<V> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let packed = String::deserialize(deserializer)?;
        // Flat: a key's brackets are its own, not a nesting.
        let config = serde_qs::Config::new().max_depth(0).use_form_encoding(true);
        config
            .deserialize_str::<BTreeMap<String, V>>(&packed)
            .map(QueryMap)
            .map_err(serde::de::Error::custom)
    }
}

/// Written as the map of its members (the typed client writes each as a key of its own).
impl<V: Serialize> Serialize for QueryMap<V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

#[cfg(test)]
mod tests {
    use super::QueryMap;

    #[derive(serde::Deserialize)]
    struct Options {
        #[serde(default)]
        filter: QueryMap<i64>,
    }

    #[test]
    fn a_packed_value_is_read_as_the_map_of_its_pairs() {
        let read: Options = serde_qs::from_str("filter=a%3D1%26b%3D2").expect("read");
        assert_eq!(read.filter.get("a"), Some(&1));
        assert_eq!(read.filter.get("b"), Some(&2));
        let none: Options = serde_qs::from_str("").expect("read");
        assert!(none.filter.is_empty());
        assert!(
            serde_qs::from_str::<Options>("filter=a%3Dx").is_err(),
            "not a number"
        );
    }
}
