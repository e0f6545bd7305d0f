//! `FixedTokens`, the ready token authenticator, in a service whose spec takes bearer
//! tokens (`fixtures/common_style`, `credentials: [{scheme: bearer}, ...]`): the line
//! `restspec new-token` prints, read from a file, admits the token it printed and nobody
//! else.

use restspec_runtime::{FixedTokens, Settings};
use restspec_tests::cli::restspec;
use restspec_tests::common_style::CommonStyle;

use super::{client, send};

#[tokio::test]
async fn a_token_from_restspec_new_token_is_admitted_by_its_digest_alone() {
    let ran = restspec(&["new-token", "--user", "ci", "--capability", "admin"]);
    assert_eq!(ran.status, 0, "{}", ran.stderr);
    let token = ran.stderr.lines().last().expect("the token").to_owned();
    assert!(
        !ran.stdout.contains(&token),
        "the list's line holds no token"
    );

    let dir = std::env::temp_dir().join(format!("restspec-tokens-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let file = dir.join("tokens.txt");
    std::fs::write(&file, format!("# API callers\n{}", ran.stdout)).expect("the list");
    let tokens = FixedTokens::from_file(&file).expect("the line restspec printed reads");
    std::fs::remove_dir_all(&dir).ok();

    let base = CommonStyle::new()
        .serve_with(Settings::default().authenticator(tokens))
        .await
        .expect("a loopback server starts");
    let user = |value: String| {
        send(
            client()
                .get(format!("{base}/api/v1/user"))
                .header("Authorization", value),
        )
    };
    let admitted = user(format!("Bearer {token}")).await;
    assert_eq!(
        (admitted.status, admitted.text()),
        (200, "{\"login\":\"ci\"}\n".to_owned())
    );
    let hash = FixedTokens::hash_token(&token);
    for refused in [
        format!("Bearer {token}x"),
        format!("Bearer {hash}"),
        format!("Bearer {}", &hash["sha256:".len()..]),
        "Basic Y2k6YWRtaW4=".to_owned(),
    ] {
        let answer = user(refused.clone()).await;
        assert_eq!(answer.status, 401, "{refused}: {}", answer.text());
    }
}
