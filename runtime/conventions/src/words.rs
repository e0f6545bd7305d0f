//! Conventions the spec spells as one of a few words, each variant declared with its word.

/// A convention the spec spells as one of a few words (`reset_format: unix_seconds`).
/// Implemented by the crate's `spec_words!` macro, which declares each variant beside its word.
pub trait SpecWords: Sized + Copy + PartialEq + 'static {
    /// Every value with the word the spec writes for it, the default (what a spec that
    /// leaves the key out gets) first.
    const ALL: &'static [(Self, &'static str)];

    /// The word the spec writes for this value.
    fn word(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(value, _)| *value == self)
            .map_or("", |(_, word)| word)
    }

    /// The value the spec's word names, if it names one.
    fn from_word(word: &str) -> Option<Self> {
        Self::ALL
            .iter()
            .find(|(_, known)| *known == word)
            .map(|(value, _)| *value)
    }

    /// Every word, in the order of [`ALL`](Self::ALL): what a misspelt one is compared to.
    fn words() -> impl Iterator<Item = &'static str> + Clone {
        Self::ALL.iter().map(|(_, word)| *word)
    }
}

/// Declares an enum whose variants the spec spells as words: the enum, its [`SpecWords`]
/// (the first variant is the default, and [`Default`]) and, with the feature `tokens`, the
/// path generated code names it by (`rt::ResetFormat::UnixSeconds`).
macro_rules! spec_words {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $(
                $(#[$variant_meta:meta])*
                $variant:ident = $word:literal,
            )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name {
            $(
                $(#[$variant_meta])*
                $variant,
            )+
        }

        impl $crate::words::SpecWords for $name {
            const ALL: &'static [(Self, &'static str)] = &[$(($name::$variant, $word)),+];
        }

        impl Default for $name {
            fn default() -> Self {
                <Self as $crate::words::SpecWords>::ALL[0].0
            }
        }

        #[cfg(feature = "tokens")]
        impl quote::ToTokens for $name {
            fn to_tokens(&self, tokens: &mut proc_macro2::TokenStream) {
                let variant = match self {
                    $($name::$variant => stringify!($variant),)+
                };
                tokens.extend($crate::tokens::runtime_path(&[stringify!($name), variant]));
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use crate::{EarlyRefusals, PageStyle, RequestBodies, ResetFormat, SpecWords};

    /// Every word reads back as its value, and a word no variant has reads as nothing.
    #[test]
    fn each_word_names_its_variant_and_the_first_is_the_default() {
        assert_eq!(
            ResetFormat::from_word("unix_seconds"),
            Some(ResetFormat::UnixSeconds)
        );
        assert_eq!(ResetFormat::from_word("epoch"), None);
        // The word is the spec's, not the variant's name.
        assert_eq!(EarlyRefusals::Bare.word(), "none");
        assert_eq!(EarlyRefusals::from_word("none"), Some(EarlyRefusals::Bare));
        assert_eq!(RequestBodies::default(), RequestBodies::Json);
        assert_eq!(
            PageStyle::words().collect::<Vec<_>>(),
            ["pages", "offset", "cursor"]
        );
        for (value, word) in RequestBodies::ALL {
            assert_eq!(RequestBodies::from_word(word), Some(*value));
            assert_eq!(value.word(), *word);
        }
    }
}
