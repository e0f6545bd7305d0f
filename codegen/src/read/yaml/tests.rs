use super::*;

fn key_offsets(source: &str) -> Vec<(String, usize, usize, usize)> {
    let mut diags = Diagnostics::new();
    let node = parse(Arc::new(PathBuf::from("t.yaml")), source, &mut diags);
    let Some(Node {
        kind: NodeKind::Map(entries),
        ..
    }) = node
    else {
        panic!("a mapping: {diags:?}");
    };
    entries
        .iter()
        .map(|(k, v)| {
            let l = &v.location;
            (k.name.clone(), l.column, l.offset, l.len)
        })
        .collect()
}

#[test]
fn offsets_are_bytes_and_columns_are_characters() {
    assert_eq!(
        key_offsets("a: xy\nbb: zz\n"),
        [("a".into(), 4, 3, 2), ("bb".into(), 5, 10, 2)]
    );
    // `é` is two bytes and one column.
    assert_eq!(
        key_offsets("é: xy\nbb: zé\n"),
        [("é".into(), 4, 4, 2), ("bb".into(), 5, 11, 3)]
    );
}

#[test]
fn quoted_scalars_stay_strings_and_plain_ones_follow_the_core_schema() {
    let source = "quoted: [\"1\", 'true', \"null\", \"1.0\", \"-2\"]\n\
                      plain: [1, true, false, 1.5, -2, 2e3, 1.0.0, ~, null, text]\n\
                      block: |\n  42\n";
    let mut diags = Diagnostics::new();
    let node = parse(Arc::new(PathBuf::from("t.yaml")), source, &mut diags).expect("parses");
    assert_eq!(
        node.to_json(),
        serde_json::json!({
            "quoted": ["1", "true", "null", "1.0", "-2"],
            "plain": [1, true, false, 1.5, -2, 2000.0, "1.0.0", null, null, "text"],
            "block": "42\n",
        })
    );
}
