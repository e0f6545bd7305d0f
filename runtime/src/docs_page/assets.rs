//! The page's script and stylesheet, embedded at build time (`include_bytes!`): Swagger UI
//! as `runtime/assets/update.sh` vendored it from npm, gzipped, and the page's own start-up
//! script. Nothing is fetched at run time, so the page works where the browser is offline.

use std::io::Read;
use std::sync::OnceLock;

use bytes::Bytes;
use sha2::{Digest, Sha256};

/// How an asset is stored in the binary.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Stored {
    /// gzipped: sent as is to a client that accepts gzip, inflated once for the others.
    Gzip,
    /// As it is sent.
    Plain,
}

/// One file of the page.
#[derive(Debug)]
pub(super) struct Asset {
    /// The name it is served under, before its content hash (`swagger-ui-bundle.js`).
    pub name: &'static str,
    /// `Content-Type`.
    pub content_type: &'static str,
    /// Its bytes, as stored.
    pub bytes: &'static [u8],
    /// How they are stored.
    pub stored: Stored,
}

/// The files the page loads, in the order it loads them.
pub(super) const ASSETS: [Asset; 3] = [
    Asset {
        name: "swagger-ui.css",
        content_type: "text/css; charset=utf-8",
        bytes: include_bytes!("../../assets/swagger-ui/swagger-ui.css.gz"),
        stored: Stored::Gzip,
    },
    Asset {
        name: "swagger-ui-bundle.js",
        content_type: "text/javascript; charset=utf-8",
        bytes: include_bytes!("../../assets/swagger-ui/swagger-ui-bundle.js.gz"),
        stored: Stored::Gzip,
    },
    Asset {
        name: "init.js",
        content_type: "text/javascript; charset=utf-8",
        bytes: include_bytes!("../../assets/docs-page/init.js"),
        stored: Stored::Plain,
    },
];

/// The index in [`ASSETS`] of each file the page names.
pub(super) const STYLESHEET: usize = 0;
pub(super) const BUNDLE: usize = 1;
pub(super) const INIT: usize = 2;

/// The name each asset is served under: its name with the first 12 hex digits of the
/// sha256 of its bytes before the extension (`swagger-ui-bundle.1a2b3c4d5e6f.js`), so that
/// it can be cached for good and a new version is a new URL. Computed once.
pub(super) fn served_names() -> &'static [String; 3] {
    static NAMES: OnceLock<[String; 3]> = OnceLock::new();
    NAMES.get_or_init(|| {
        ASSETS.each_ref().map(|asset| {
            let digest = Sha256::digest(asset.bytes);
            let hash: String = digest[..6].iter().map(|b| format!("{b:02x}")).collect();
            match asset.name.rsplit_once('.') {
                Some((stem, extension)) => format!("{stem}.{hash}.{extension}"),
                None => format!("{}.{hash}", asset.name),
            }
        })
    })
}

/// The asset served as `name`, with its index.
pub(super) fn find(name: &str) -> Option<(usize, &'static Asset)> {
    let index = served_names().iter().position(|served| served == name)?;
    Some((index, &ASSETS[index]))
}

/// The bytes of gzipped asset `index` inflated, for clients that do not accept gzip: once
/// per process and asset. Empty if the embedded bytes are not gzip (a broken vendoring,
/// which the runtime's tests catch).
pub(super) fn inflated(index: usize) -> Bytes {
    static INFLATED: [OnceLock<Bytes>; 3] = [const { OnceLock::new() }; 3];
    INFLATED[index]
        .get_or_init(|| {
            let mut out = Vec::new();
            let read = flate2::read::GzDecoder::new(ASSETS[index].bytes).read_to_end(&mut out);
            Bytes::from(if read.is_ok() { out } else { Vec::new() })
        })
        .clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gzipped_assets_inflate_and_names_carry_a_hash() {
        for (index, asset) in ASSETS.iter().enumerate() {
            if asset.stored == Stored::Gzip {
                assert!(inflated(index).len() > asset.bytes.len(), "{}", asset.name);
            }
            let served = &served_names()[index];
            assert_eq!(find(served).map(|(i, _)| i), Some(index));
            assert!(served.len() == asset.name.len() + 13, "{served}");
        }
        assert!(find("swagger-ui-bundle.js").is_none());
    }
}
