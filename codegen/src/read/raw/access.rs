//! Who may call, as written under `conventions`: the places credentials are carried (and
//! who issues bearer tokens), and acting on behalf of another account.

use crate::read::decode::{Named, Spanned, spec_record};

spec_record! {
    /// One place a request may carry credentials: write exactly one key.
    pub struct CredentialPlace = "a credential place" {
        /// An `Authorization` scheme: `bearer`, `basic`, or another word (`token`).
        opt scheme: Spanned<String>,
        /// A request header carrying a token (`PRIVATE-TOKEN`).
        opt header: Spanned<String>,
        /// A query parameter carrying a token (`private_token`).
        opt query: Spanned<String>,
        /// A cookie carrying a token (`token`, as a browser keeps it).
        opt cookie: Spanned<String>,
        /// Keys a request carries together, each in its header, `Authorization` scheme,
        /// query parameter or cookie (an app key and an app token:
        /// `[{ header: X-App-Key }, { header: X-App-Token }]`); a request carrying some of
        /// them only carries none. Checked at once by the runtime's `Authenticator::keys`.
        opt together: Vec<KeyPart>,
        /// Beside `scheme: bearer`: the tokens are OAuth 2 access tokens, obtained by these
        /// flows (`authorization_code`, `client_credentials`, `implicit`, `password`). The
        /// requests are the same; OpenAPI describes the scheme as `oauth2` with its flows.
        opt oauth2: Named<OAuthFlow>,
        /// Beside `scheme: bearer`: the tokens are OpenID Connect tokens from the provider
        /// this discovery URL describes.
        opt openid_connect: Spanned<String>,
        /// Beside `oauth2` or `openid_connect`: bearer tokens the issuer did not issue are
        /// taken too (personal access tokens, as Linode's and Asana's). The requests are
        /// the same; OpenAPI states a plain `http` bearer scheme beside the issuer's, either
        /// of which an operation accepts.
        opt plain_tokens: Spanned<bool>,
    }
}

spec_record! {
    /// One of the keys a request carries together: write exactly one key.
    pub struct KeyPart = "a key of several carried together" {
        /// An `Authorization` scheme other than basic: `bearer`, or another word.
        opt scheme: Spanned<String>,
        /// A request header carrying the key (`X-App-Token`).
        opt header: Spanned<String>,
        /// A query parameter carrying the key (`key`, beside a `token`, as Trello's).
        opt query: Spanned<String>,
        /// A cookie carrying the key.
        opt cookie: Spanned<String>,
        /// Beside `scheme: bearer`: who issues the tokens, as on a place of its own.
        opt oauth2: Named<OAuthFlow>,
        /// Beside `scheme: bearer`: the OpenID Connect provider issuing the tokens.
        opt openid_connect: Spanned<String>,
    }
}

spec_record! {
    /// An OAuth 2 flow: where tokens are asked for, and the scopes they may carry.
    pub struct OAuthFlow = "an OAuth 2 flow" {
        /// Where the user authorizes the client (`authorization_code`, `implicit`).
        opt authorization_url: Spanned<String>,
        /// Where a token is obtained (`authorization_code`, `client_credentials`,
        /// `password`).
        opt token_url: Spanned<String>,
        /// Where a token is refreshed.
        opt refresh_url: Spanned<String>,
        /// The scopes, each with what it allows.
        opt scopes: Named<String>,
    }
}

spec_record! {
    /// Impersonation (acting on behalf of another account).
    pub struct RunAs = "`run_as`" {
        /// Request header naming the account to act as (`X-Service-RunAs`); its value is
        /// resolved like an account id in a URL.
        req header: Spanned<String>,
        /// Global capability a caller needs to impersonate (`runAs`); it must be declared
        /// under `capabilities`.
        req capability: Spanned<String>,
    }
}
