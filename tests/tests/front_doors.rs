//! The three front doors share one core: the proc-macro and the build script must
//! produce the same code for the same spec, and the CLI prints it too.

use std::path::Path;

use quote::ToTokens;
use restspec_tests::cli::run_restspec;

fn manifest() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The items the macro puts inside its module, without the `include_str!` consts that only
/// exist to make spec edits rebuild the crate.
fn macro_items(dir: &str) -> String {
    macro_items_with(dir, "")
}

/// [`macro_items`] with the outputs written after the path (`, server, client`).
fn macro_items_with(dir: &str, outputs: &str) -> String {
    let input: proc_macro2::TokenStream = format!("pub mod api = {dir:?}{outputs}")
        .parse()
        .expect("tokens");
    let expanded = restspec_codegen::macro_input::expand(input, manifest(), None);
    let file: syn::File = syn::parse2(expanded).expect("the macro expands to items");
    let module = file
        .items
        .into_iter()
        .find_map(|item| match item {
            syn::Item::Mod(m) => Some(m),
            _ => None,
        })
        .expect("the macro expands to a module");
    let items: Vec<syn::Item> = module
        .content
        .expect("an inline module")
        .1
        .into_iter()
        .flat_map(included)
        .filter(|item| !matches!(item, syn::Item::Const(c) if c.ident == "_"))
        .collect();
    without_openapi(items)
}

/// The items of the file an `include!("...")` of the macro's names (the macro writes its
/// code to a file, so that rustc's notes show it), or `item` itself.
fn included(item: syn::Item) -> Vec<syn::Item> {
    let syn::Item::Macro(call) = &item else {
        return vec![item];
    };
    if !call.mac.path.is_ident("include")
        && call.mac.path.segments.last().map(|s| s.ident.to_string()) != Some("include".into())
    {
        return vec![item];
    }
    let path: syn::LitStr = call.mac.parse_body().expect("include!(\"<path>\")");
    let text = std::fs::read_to_string(path.value()).expect("the macro's file is there");
    syn::parse_file(&text)
        .expect("the macro's file parses")
        .items
}

/// `items` formatted without the `OPENAPI` constant, which each door writes its own way:
/// the macro as a string literal, the build script and the CLI's `-o` as an `include_str!`
/// of the file beside the code (the tests in `openapi.rs` check that they hold the same).
fn without_openapi(items: Vec<syn::Item>) -> String {
    let items = items
        .into_iter()
        .filter(|item| !matches!(item, syn::Item::Const(c) if c.ident == "OPENAPI"));
    let tokens = quote::quote! { #(#items)* };
    restspec_codegen::render(&tokens.into_token_stream())
}

/// Generated code text without its header and its `OPENAPI` constant.
fn code_without_openapi(code: &str) -> String {
    let file = syn::parse_file(code).expect("generated code parses");
    without_openapi(file.items)
}

/// What the build script writes, without its comment header and its `OPENAPI`.
fn build_script_items(dir: &str) -> String {
    build_script_items_with(dir, restspec_codegen::Config::new())
}

/// [`build_script_items`] with `config` (outputs chosen) as the starting point.
fn build_script_items_with(dir: &str, config: restspec_codegen::Config) -> String {
    code_without_openapi(&build_script_code(dir, config))
}

/// The code the build script writes for the spec in `dir`, whole.
fn build_script_code(dir: &str, config: restspec_codegen::Config) -> String {
    let out = std::env::temp_dir().join(format!("restspec-front-doors-{}", std::process::id()));
    let path = config
        .spec_dir(dir)
        .module_name(dir.replace(['/', '.'], "_"))
        .out_dir(&out)
        .emit_rerun_if_changed(false)
        .generate()
        .expect("the fixture is valid");
    std::fs::read_to_string(path).expect("written")
}

/// Generated code without its comment header.
fn without_header(code: &str) -> String {
    code.lines()
        .skip_while(|l| l.starts_with("//") || l.is_empty())
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn macro_and_build_script_generate_the_same_code() {
    for dir in restspec_tests::SPEC_DIRS {
        let from_macro = macro_items(dir);
        let from_build = build_script_items(dir);
        assert!(
            from_macro.contains("pub fn router"),
            "{dir}: macro output has a router"
        );
        assert_eq!(from_macro, from_build, "{dir}: the two front doors differ");
    }
}

#[test]
fn compiled_modules_of_both_doors_describe_the_same_endpoints() {
    use restspec_tests::{build_script, macro_door};
    let pairs = [
        (
            &build_script::seed_quota::SERVICE,
            &macro_door::seed_quota::SERVICE,
        ),
        (
            &build_script::bookshop::SERVICE,
            &macro_door::bookshop::SERVICE,
        ),
        (
            &build_script::conventions::SERVICE,
            &macro_door::conventions::SERVICE,
        ),
        (
            &build_script::minimal::SERVICE,
            &macro_door::minimal::SERVICE,
        ),
        (
            &build_script::all_types::SERVICE,
            &macro_door::all_types::SERVICE,
        ),
        (
            &build_script::example_spec::SERVICE,
            &macro_door::example_spec::SERVICE,
        ),
    ];
    for (built, expanded) in pairs {
        assert_eq!(format!("{built:?}"), format!("{expanded:?}"));
    }
}

#[test]
fn seed_quota_groups_are_computed_at_generation_time() {
    use restspec_tests::build_script::seed_quota::endpoints;
    assert_eq!(
        endpoints::CREATE_CHANGE.quota_group,
        "/restapi/changes/:POST"
    );
    assert_eq!(
        endpoints::GET_REVISION_DETAIL.quota_group,
        "/restapi/changes/revisions/detail:GET"
    );
    assert_eq!(
        endpoints::GET_ACCOUNT_DETAIL.quota_group,
        "/restapi/accounts/detail:GET"
    );
    assert_eq!(
        endpoints::GET_REVISION_DETAIL.params,
        ["change-id", "revision-id"]
    );
    assert_eq!(
        endpoints::GET_REVISION_DETAIL.route,
        "/changes/{change_id}/revisions/{revision_id}/detail"
    );
}

#[test]
fn bookshop_conventions_come_from_its_spec() {
    use restspec_tests::build_script::bookshop::{SERVICE, endpoints};
    let c = &SERVICE.conventions;
    assert_eq!(c.json_prefix, None);
    assert!(!c.pretty_by_default);
    assert_eq!(c.authenticated_prefix, Some("/auth/"));
    assert_eq!(c.trace.and_then(|t| t.header), Some("X-Shop-Trace"));
    assert_eq!(endpoints::CREATE_SHELF.quota_group, "shop/shelves#PUT");
    let creates = endpoints::CREATE_SHELF.creates;
    assert!(creates, "create_shelf runs its handler for a missing shelf");
    assert_eq!(endpoints::CREATE_SHELF.capability, Some("stockBooks"));
}

#[test]
fn the_cli_prints_what_the_build_script_writes() {
    let printed = run_restspec(&["generate", "fixtures/seed_quota"]);
    assert_eq!(
        code_without_openapi(&printed),
        build_script_items("fixtures/seed_quota")
    );
}

#[test]
fn the_cli_writes_what_the_build_script_writes_and_checks_both_files() {
    let out = std::env::temp_dir().join(format!("restspec-cli-files-{}", std::process::id()));
    std::fs::create_dir_all(&out).expect("a scratch directory");
    // The build script's module name, so that the two name the same document file.
    let (dir, stem) = ("fixtures/seed_quota", "fixtures_seed_quota");
    let code = out.join(format!("{stem}.rs"));
    let document = out.join(format!("{stem}.openapi.min.json"));
    let output = code.to_str().expect("a UTF-8 path");
    run_restspec(&["generate", dir, "-o", output]);
    let written = std::fs::read_to_string(&code).expect("the code");
    assert!(
        written.contains(&format!(
            "pub const OPENAPI: &str = include_str!(\"{stem}.openapi.min.json\");"
        )),
        "{written}"
    );
    assert_eq!(
        without_header(&written),
        without_header(&build_script_code(dir, restspec_codegen::Config::new()))
    );
    let served = std::fs::read_to_string(&document).expect("the document");
    assert_eq!(served, compact_document(dir));

    run_restspec(&["generate", dir, "-o", output, "--check"]);
    std::fs::write(&document, "{}").expect("spoil the document");
    let ran = restspec_tests::cli::restspec(&["generate", dir, "-o", output, "--check"]);
    assert_eq!(ran.status, 1, "{}", ran.stderr);
    assert!(
        ran.stderr.contains(&format!(
            "{}: out of date; run `restspec generate {dir} -o {output}`",
            document.display()
        )),
        "{}",
        ran.stderr
    );
    assert!(
        ran.stderr.contains(&format!("{output}: up to date")),
        "{}",
        ran.stderr
    );
    let _ = std::fs::remove_dir_all(&out);
}

/// The compact OpenAPI document of the spec in `dir`: what a service serves.
fn compact_document(dir: &str) -> String {
    let loaded = restspec_codegen::Loader::dir(manifest().join(dir))
        .display_dir(dir)
        .load()
        .expect("valid");
    restspec_codegen::openapi::to_compact_json(&loaded.service)
}

#[test]
fn the_three_doors_generate_the_same_client() {
    use restspec_codegen::Config;
    let dir = "fixtures/conventions";
    let both = build_script_items_with(dir, Config::new().client(true));
    assert!(both.contains("pub fn router") && both.contains("pub mod client"));
    assert_eq!(macro_items_with(dir, ", server, client"), both);
    assert_eq!(
        code_without_openapi(&run_restspec(&["generate", dir, "--client"])),
        both
    );
    let alone = build_script_items_with(dir, Config::new().client(true).server(false));
    assert!(!alone.contains("pub fn router") && alone.contains("pub mod client"));
    assert_eq!(macro_items_with(dir, ", client"), alone);
    assert_eq!(
        code_without_openapi(&run_restspec(&["generate", dir, "--client", "--no-server"])),
        alone
    );
}

#[test]
fn the_build_script_writes_the_openapi_document_on_request() {
    let out = std::env::temp_dir().join(format!("restspec-openapi-door-{}", std::process::id()));
    restspec_codegen::Config::new()
        .spec_dir(manifest().join("fixtures/minimal"))
        .module_name("minimal")
        .out_dir(&out)
        .emit_rerun_if_changed(false)
        .openapi(true)
        .generate()
        .expect("the fixture is valid");
    let written = std::fs::read_to_string(out.join("minimal.openapi.json")).expect("written");
    assert_eq!(written, run_restspec(&["openapi", "fixtures/minimal"]));
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn the_macro_names_the_outputs_it_knows() {
    let input: proc_macro2::TokenStream = r#"pub mod api = "fixtures/minimal", clients"#
        .parse()
        .expect("tokens");
    let expanded = restspec_codegen::macro_input::expand(input, manifest(), None).to_string();
    assert!(
        expanded.contains("unknown output `clients`: write `server`, `client` or both"),
        "{expanded}"
    );
}

#[test]
fn the_generator_knows_exactly_the_runtime_conditions() {
    let runtime: Vec<&str> = restspec_runtime::Condition::ALL
        .iter()
        .map(|c| c.name())
        .collect();
    assert_eq!(runtime, restspec_codegen::RUNTIME_CONDITIONS);
}

#[test]
fn the_generator_allows_as_many_path_parameters_as_the_runtime_holds() {
    assert_eq!(
        restspec_codegen::MAX_PATH_PARAMS,
        restspec_runtime::__testing::MAX_PATH_PARAMS
    );
}

#[test]
fn a_build_script_error_reads_the_same_in_debug_as_in_display() {
    // `fn main() -> Result<(), BuildError>` prints `Debug`; it must be the located message.
    let out = std::env::temp_dir().join(format!("restspec-build-error-{}", std::process::id()));
    let err = restspec_codegen::Config::new()
        .spec_dir(manifest().join("compile-fail/ui/unknown_capability"))
        .out_dir(&out)
        .emit_rerun_if_changed(false)
        .generate()
        .expect_err("the spec names an unknown capability");
    let debug = format!("{err:?}");
    assert_eq!(debug, err.to_string());
    assert!(
        debug.contains("things.yaml:22:17: unknown capability `createThnig`"),
        "{debug}"
    );
    assert!(!out.exists(), "nothing is written for a bad spec");
}

#[test]
fn both_doors_write_the_same_example_tests() {
    let input: proc_macro2::TokenStream = "\"../spec\", start = start_service"
        .parse()
        .expect("tokens");
    let expanded = restspec_codegen::example_tests::expand(input, manifest(), None);
    let file: syn::File = syn::parse2(expanded).expect("the macro expands to items");
    let tests: Vec<syn::Item> = file
        .items
        .into_iter()
        .filter(|item| !matches!(item, syn::Item::Const(c) if c.ident == "_"))
        .collect();
    assert_eq!(
        tests.len(),
        23,
        "one test per example of the example's spec"
    );
    let from_macro = restspec_codegen::render(&quote::quote! { #(#tests)* });

    let loaded = restspec_codegen::Loader::dir(manifest().join("../spec"))
        .display_dir("../spec")
        .load()
        .unwrap_or_else(|errors| panic!("{errors}"));
    let written = restspec_codegen::example_tests::file(&loaded);
    let body = written
        .split_once("($start:path) => {\n")
        .and_then(|(_, rest)| rest.rsplit_once("    };\n}"))
        .map(|(body, _)| body)
        .expect("a macro_rules body");
    let from_build_script: String = body
        .replace("$start", "start_service")
        .lines()
        .map(|line| format!("{}\n", line.strip_prefix("        ").unwrap_or(line)))
        .collect();
    assert_eq!(from_build_script, from_macro);
}

/// `number` is an `f64` (a whole number is one too), `any` any JSON value, kept as it came.
#[test]
fn numbers_and_any_values_read_and_write_as_json_has_them() {
    use restspec_tests::build_script::all_types::types::Measure;
    let text = r#"{"ratio":0.25,"extra":{"a":[1,"x",null],"b":true}}"#;
    let measure: Measure = serde_json::from_str(text).expect("a measure");
    assert_eq!(measure.ratio, 0.25);
    assert_eq!(
        measure.extra,
        Some(serde_json::json!({"a": [1, "x", null], "b": true}))
    );
    assert_eq!(serde_json::to_string(&measure).expect("written"), text);
    let whole: Measure = serde_json::from_str(r#"{"ratio":3}"#).expect("a whole number");
    assert_eq!(whole.ratio, 3.0);
    assert!(
        serde_json::from_str::<Measure>(r#"{"ratio":"3"}"#).is_err(),
        "a string is no number"
    );
}

/// A field `required` beside its `default` must still be sent: the default is stated (in
/// OpenAPI, with `required`), not filled in.
#[test]
fn a_required_field_with_a_default_must_still_be_sent() {
    use restspec_tests::build_script::all_types::types::Unit;
    assert!(serde_json::from_str::<Unit>("{}").is_err(), "absent");
    let unit: Unit = serde_json::from_str(r#"{"system":"imperial"}"#).expect("a unit");
    assert_eq!(unit.system, "imperial");
}

/// Enumeration values without letters or digits are variants named by their characters.
#[test]
fn enumeration_values_of_symbols_read_and_write_as_written() {
    use restspec_tests::build_script::all_types::types::Selection;
    for (variant, text) in [
        (Selection::Asterisk, r#""*""#),
        (Selection::Empty, r#""""#),
        (Selection::Id, r#""id""#),
    ] {
        assert_eq!(serde_json::to_string(&variant).expect("written"), text);
        assert_eq!(
            serde_json::from_str::<Selection>(text).expect("read"),
            variant
        );
    }
}

/// A body that may be an object or a bare list: `one_of: [Child, list<Child>]`.
#[test]
fn a_one_of_type_takes_an_object_or_a_bare_list() {
    use restspec_tests::build_script::all_types::types::{Child, Children};
    let one: Children = serde_json::from_str(r#"{"name":"a"}"#).expect("an object");
    assert!(
        matches!(&one, Children::Child(Child { name, .. }) if name == "a"),
        "{one:?}"
    );
    let many: Children = serde_json::from_str(r#"[{"name":"a"},{"name":"b"}]"#).expect("a list");
    assert!(
        matches!(&many, Children::List(list) if list.len() == 2),
        "{many:?}"
    );
    assert!(
        serde_json::from_str::<Children>(r#""a""#).is_err(),
        "neither"
    );
}

/// `timestamp_format: unix_seconds`: a timestamp field is a `UnixTimestamp`, written and
/// read as a bare number of seconds.
#[test]
fn unix_seconds_timestamps_are_numbers() {
    use restspec_tests::build_script::payments::types::Customer;
    let customer: Customer = serde_json::from_str(
        r#"{"id":"cus_1","object":"customer","created":1735689600,"email":null,
            "balance":0,"tax_exempt":false,"metadata":{},"expand":[]}"#,
    )
    .expect("a customer");
    assert_eq!(customer.created.as_unix_seconds(), 1_735_689_600);
    let written = serde_json::to_string(&customer).expect("written");
    assert!(written.contains(r#""created":1735689600"#), "{written}");
    assert!(
        serde_json::from_str::<Customer>(
            r#"{"id":"c","object":"customer","created":"2025-01-01T00:00:00Z","email":null,
                "balance":0,"tax_exempt":false,"metadata":{},"expand":[]}"#
        )
        .is_err(),
        "a string is not a Unix time"
    );
}
