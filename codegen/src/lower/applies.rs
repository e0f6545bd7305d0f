//! Which kinds of value a key applies to (a length to text, a bound to numbers, a count to
//! lists), and the located error when a field's or a parameter's type is not one of them:
//! shared by a field's rules, its listed values and the rules of query options.

use crate::diag::{Diagnostic, Diagnostics, Location};
use crate::model::{Scalar, TypeRef};

/// The kinds of value a constraint applies to, for its message.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Applies {
    Text,
    /// Text and the values written as text (timestamps, dates, UUIDs): a pattern is
    /// checked against the text the service writes for the value.
    Written,
    Number,
    List,
    Map,
}

impl Applies {
    fn fits(self, ty: &TypeRef) -> bool {
        match self {
            Applies::Text => matches!(
                ty,
                TypeRef::String | TypeRef::Scalar(Scalar::Uri | Scalar::Email)
            ),
            Applies::Written => {
                Applies::Text.fits(ty)
                    || matches!(
                        ty,
                        TypeRef::Timestamp | TypeRef::Scalar(Scalar::Date | Scalar::Uuid)
                    )
            }
            Applies::Number => match ty {
                TypeRef::Integer | TypeRef::Number => true,
                TypeRef::Scalar(scalar) => scalar.is_number(),
                _ => false,
            },
            Applies::List => matches!(ty, TypeRef::List(_)),
            Applies::Map => matches!(ty, TypeRef::Map(_)),
        }
    }

    fn words(self) -> &'static str {
        match self {
            Applies::Text => "text (`string`, `uri`, `email`)",
            Applies::Written => "text and values written as text (`timestamp`, `date`, `uuid`)",
            Applies::Number => "numbers (`integer`, `number`, `int32`, `double`, ...)",
            Applies::List => "lists (`list<T>`)",
            Applies::Map => "maps (`map<T>`)",
        }
    }
}

/// Whether `key` (at `at`) applies to a field of type `ty`; reported where it does not.
pub(super) fn applies(
    key: &str,
    at: &Location,
    kind: Applies,
    ty: &TypeRef,
    diags: &mut Diagnostics,
) -> bool {
    if kind.fits(ty) {
        return true;
    }
    diags.push(
        Diagnostic::new(
            at.clone(),
            format!("`{key}` is for {}, not `{}`", kind.words(), ty.spelled()),
        )
        .hint(format!(
            "remove `{key}`, or give the field a type it applies to"
        )),
    );
    false
}
