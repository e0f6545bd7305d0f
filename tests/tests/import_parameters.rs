//! `restspec import` on parameters: a path parameter's lengths, pattern, bounds and type in every
//! endpoint, fixed text around one in its segment, and a required parameter's default.

use restspec_import::Options;

use super::import::{assert_every_operation_faithful, assert_every_operation_on_the_wire, file};

/// A path parameter's lengths and pattern (Azure's anchored resource names, AWS's ARNs
/// searched for) are the spec parameter's own: the round trip finds them faithfully.
#[test]
fn path_parameter_lengths_and_patterns_are_kept() {
    let document = |pattern: &str| {
        serde_json::json!({
            "openapi": "3.0.0",
            "info": { "title": "T", "version": "1" },
            "paths": { "/services/{serviceName}": { "get": {
                "parameters": [{ "name": "serviceName", "in": "path", "required": true,
                    "schema": { "type": "string", "minLength": 1, "maxLength": 50, "pattern": pattern } }],
                "responses": { "204": { "description": "ok" } }
            } } }
        })
    };
    for pattern in [
        "^[a-zA-Z](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?$",
        "arn:[^:]*:greengrass:",
    ] {
        kept(&document(pattern), pattern);
    }
}

/// A number path parameter's inclusive bounds (Figshare's ids from 1) are its own too; an
/// exclusive one is a loss.
#[test]
fn path_parameter_bounds_are_kept() {
    let document = |schema: serde_json::Value| {
        serde_json::json!({
            "openapi": "3.0.0",
            "info": { "title": "T", "version": "1" },
            "paths": { "/articles/{article_id}": { "get": {
                "parameters": [{ "name": "article_id", "in": "path", "required": true,
                    "schema": schema }],
                "responses": { "204": { "description": "ok" } }
            } } }
        })
    };
    let inclusive = document(serde_json::json!({
        "type": "integer", "format": "int64", "minimum": 1, "maximum": 1000000 }));
    let imported = restspec_import::import(&inclusive, &Options::default()).expect("imported");
    assert!(imported.losses.is_empty(), "{:#?}", imported.losses);
    let family = file(&imported, "articles.yaml");
    assert!(family.contains("minimum: 1, maximum: 1000000"), "{family}");
    assert_every_operation_faithful(&inclusive, &imported);

    let exclusive = document(serde_json::json!({
        "type": "integer", "minimum": 0, "exclusiveMinimum": true }));
    let imported = restspec_import::import(&exclusive, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(
        said.iter().any(|s| s.contains("/schema/minimum")),
        "{said:#?}"
    );
}

fn kept(document: &serde_json::Value, pattern: &str) {
    let imported = restspec_import::import(document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(said.is_empty(), "{said:#?}");
    let family = file(&imported, "services.yaml");
    let written = format!("pattern: \"{pattern}\"");
    for key in ["min_length: 1", "max_length: 50", written.as_str()] {
        assert!(family.contains(key), "{key}\n{family}");
    }
    assert_every_operation_faithful(document, &imported);
}

/// Fixed text around a parameter in one segment (Google's `{name}:move`, Twilio's
/// `{Sid}.json`, Graph's `getCount(status='{status}')`) stays in the template, the name
/// unified with the position's: every operation is on the wire after the round trip.
#[test]
fn parameters_with_text_around_them_keep_their_segment() {
    let get = |name: &str| {
        serde_json::json!({ "parameters": [{ "name": name, "in": "path", "required": true,
            "schema": { "type": "string" } }],
            "responses": { "204": { "description": "ok" } } })
    };
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": {
            "/v1/{name}": { "get": get("name") },
            "/v1/{name}:move": { "post": get("name") },
            "/v1/{parent}:list": { "post": get("parent") },
            "/Accounts/{Sid}.json": { "get": get("Sid") },
            "/apps/getCount(status='{status}')": { "get": get("status") }
        }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(said.is_empty(), "{said:#?}");
    let v1 = file(&imported, "v1.yaml");
    for path in ["path: \"/v1/{name}:move\"", "path: \"/v1/{name}:list\""] {
        assert!(v1.contains(path), "{path}\n{v1}");
    }
    assert_every_operation_on_the_wire(&document, &imported);
}

/// A path parameter of a string enumeration is one (a value outside it names nothing), a
/// `number` one a number (Vimeo's channel ids), a `boolean` a switch (Bungie's), and
/// one whose type differs between the family's endpoints is declared again by the endpoint
/// where it differs (`params:`): every operation is on the wire.
#[test]
fn path_parameters_keep_their_type_in_every_endpoint() {
    let get = |name: &str, schema: serde_json::Value| {
        serde_json::json!({ "parameters": [{ "name": name, "in": "path", "required": true,
            "schema": schema }],
            "responses": { "204": { "description": "ok" } } })
    };
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": {
            "/things/{id}": { "get": get("id", serde_json::json!({ "type": "integer" })) },
            "/things/{id}/parts": { "get": get("id", serde_json::json!({ "type": "string" })) },
            "/things/{id}/kinds": { "get": get("id", serde_json::json!({ "type": "integer" })) },
            "/feeds/{format}": { "get": get("format", serde_json::json!({ "type": "string", "enum": ["xml", "json"] })) },
            "/channels/{channel_id}": { "get": get("channel_id", serde_json::json!({ "type": "number" })) },
            "/posts/{threaded}": { "get": get("threaded", serde_json::json!({ "type": "boolean" })) }
        }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(said.is_empty(), "{said:#?}");
    let things = file(&imported, "things.yaml");
    assert!(
        things.contains("params: { id: The id. }") || things.contains("params:\n      id: The id."),
        "{things}"
    );
    let posts = file(&imported, "posts.yaml");
    assert!(posts.contains("type: boolean"), "{posts}");
    assert_every_operation_on_the_wire(&document, &imported);
}

/// A query parameter both required and with a default (Azure's `api-version`) keeps both:
/// the round trip finds it faithfully.
#[test]
fn a_required_parameter_keeps_its_default() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/operations": { "get": {
            "parameters": [{ "name": "api-version", "in": "query", "required": true,
                "schema": { "type": "string", "default": "2016-05-01" } }],
            "responses": { "204": { "description": "ok" } }
        } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(said.is_empty(), "{said:#?}");
    assert_every_operation_faithful(&document, &imported);
}

/// A required switch (AWS's `ShouldDecrementDesiredCapacity`), in the query or a header,
/// stays required: the round trip finds it faithfully.
#[test]
fn a_required_switch_stays_required() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/standby": { "post": {
            "parameters": [
                { "name": "ShouldDecrementDesiredCapacity", "in": "query", "required": true,
                    "schema": { "type": "boolean" } },
                { "name": "X-Dry-Run", "in": "header", "required": true,
                    "schema": { "type": "boolean" } }
            ],
            "responses": { "204": { "description": "ok" } }
        } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(said.is_empty(), "{said:#?}");
    let standby = file(&imported, "standby.yaml");
    assert_eq!(standby.matches("required: true").count(), 2, "{standby}");
    assert_every_operation_faithful(&document, &imported);
}

/// An enumeration of numbers on a query parameter (gov.bc.ca's EPSG codes) is the option's
/// `values`; the round trip finds it faithfully.
#[test]
fn a_parameters_numbers_are_its_values() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/addresses": { "get": {
            "parameters": [
                { "name": "outputSRS", "in": "query", "schema": {
                    "type": "integer", "enum": [4326, 3005], "default": 4326 } },
                { "name": "countsOnly", "in": "query", "schema": { "type": "number", "enum": [0, 1] } }
            ],
            "responses": { "204": { "description": "ok" } }
        } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let addresses = file(&imported, "addresses.yaml");
    assert!(addresses.contains("values: [4326, 3005]"), "{addresses}");
    assert!(addresses.contains("values: [0, 1]"), "{addresses}");
    assert_every_operation_faithful(&document, &imported);
}

/// A path parameter's default (Sportsdata's `{format}` of `XML`) and a format the spec has
/// no type for (BeezUP's `guid`) are stated: the round trip finds the operation faithful.
#[test]
fn a_path_parameters_default_is_kept() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/{format}/scores/{store}": { "get": {
            "parameters": [{ "name": "format", "in": "path", "required": true,
                "schema": { "type": "string", "enum": ["XML", "JSON"], "default": "XML" } },
                { "name": "store", "in": "path", "required": true,
                "schema": { "type": "string", "format": "guid" } }],
            "responses": { "204": { "description": "none" } }
        } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(said.is_empty(), "{said:#?}");
    assert_every_operation_faithful(&document, &imported);
}

/// A parameter's union with an alternative of any text (GitHub's `workflow_id`: an integer
/// or a string) is text on the wire: the import says no loss, and the round trip finds it
/// on the wire, in the path as in the query.
#[test]
fn a_parameters_union_with_any_text_is_text() {
    let union = serde_json::json!({ "oneOf": [{ "type": "integer" }, { "type": "string" }] });
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/workflows/{workflow_id}": { "get": {
            "parameters": [
                { "name": "workflow_id", "in": "path", "required": true, "schema": union.clone() },
                { "name": "ref", "in": "query", "schema": union }
            ],
            "responses": { "204": { "description": "ok" } }
        } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(said.is_empty(), "{said:#?}");
    super::import::assert_every_operation_on_the_wire(&document, &imported);
}

/// An object of declared members in the query is a query key a member: exploded `form`
/// (EC2's and Stripe's filters: `?state=open&limit=5`) and `deepObject` (Apideck's:
/// `?filter[status]=open`) are an option a key, each required where the parameter is and
/// its object requires the member; the round trip finds them faithfully. An object of any
/// members is a map option instead.
#[test]
fn an_object_in_the_query_is_a_key_a_member() {
    let filter = serde_json::json!({ "type": "object", "required": ["status"], "properties": {
        "status": { "type": "string", "enum": ["open", "closed"] },
        "ids": { "type": "array", "items": { "type": "integer" } } } });
    let window = serde_json::json!({ "type": "object", "properties": {
        "since": { "type": "string", "description": "The first day." },
        "limit": { "type": "integer", "minimum": 1 } } });
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/invoices": { "get": {
            "parameters": [
                { "name": "filter", "in": "query", "style": "deepObject", "required": true,
                  "schema": filter },
                { "name": "window", "in": "query", "schema": window },
                { "name": "sort", "in": "query", "style": "deepObject",
                  "schema": { "type": "object" } }
            ],
            "responses": { "204": { "description": "ok" } }
        } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let invoices = file(&imported, "invoices.yaml");
    for line in [
        "\"filter[status]\": { type: ",
        "\"filter[ids]\": { type: list<integer>",
        "since: { type: string, description: The first day. }",
        "limit: { type: integer, minimum: 1 }",
    ] {
        assert!(invoices.contains(line), "{line}: {invoices}");
    }
    let status = invoices
        .lines()
        .find(|l| l.contains("\"filter[status]\""))
        .unwrap_or_default();
    assert!(status.contains("required: true"), "{status}");
    assert!(
        invoices.contains("sort: { type: map<string>, style: deep_object }"),
        "{invoices}"
    );
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(said.is_empty(), "{said:#?}");
    assert_every_operation_faithful(&document, &imported);
}

/// An object of any members in the query is a map option: `deepObject` (Red Hat's
/// `filter[name][eq]=x` read as `filter`'s members) a `deep_object` map, an exploded `form`
/// one (Files.com's `filter`, `filter_gt`, ...) the map of every key no other option names,
/// one such map for them all (the others said); the round trip finds them on the wire.
#[test]
fn an_object_of_any_members_in_the_query_is_a_map_option() {
    let any = serde_json::json!({ "type": "object" });
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/keys": { "get": {
            "parameters": [
                { "name": "limit", "in": "query", "schema": { "type": "integer" } },
                { "name": "search", "in": "query", "style": "deepObject", "schema": any },
                { "name": "filter", "in": "query", "schema": any },
                { "name": "filter_gt", "in": "query", "schema": { "type": "object",
                    "additionalProperties": { "type": "string" } } }
            ],
            "responses": { "204": { "description": "ok" } }
        } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let keys = file(&imported, "keys.yaml");
    for line in [
        "search: { type: map<string>, style: deep_object }",
        "filter: { type: map<string> }",
    ] {
        assert!(keys.contains(line), "{line}: {keys}");
    }
    assert!(!keys.contains("filter_gt"), "{keys}");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(
        said.len() == 1 && said[0].contains("`filter_gt`'s keys are read by `filter`"),
        "{said:#?}"
    );
    assert_every_operation_on_the_wire(&document, &imported);
}

/// A query parameter holding JSON text (`content: application/json`, Superset's `q`) is an
/// option of its type read as JSON (`style: json`); the round trip finds it faithfully.
#[test]
fn a_query_parameter_of_json_text_is_a_json_option() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/charts": { "get": {
            "parameters": [{ "name": "q", "in": "query", "content": { "application/json": {
                "schema": { "$ref": "#/components/schemas/ListQuery" } } } }],
            "responses": { "204": { "description": "ok" } }
        } } },
        "components": { "schemas": { "ListQuery": { "type": "object", "properties": {
            "page": { "type": "integer" }, "order": { "type": "string" } } } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let charts = file(&imported, "charts.yaml");
    assert!(
        charts.contains("q: { type: ListQuery, style: json }"),
        "{charts}"
    );
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(said.is_empty(), "{said:#?}");
    assert_every_operation_faithful(&document, &imported);
}

/// A list of records in the query (Sinao's `data`, Visma's `sortings`, `style: form` or
/// none, which OpenAPI leaves unsaid for records) and a record of records in `deepObject`
/// are options of their types written in brackets, nested (`style: deep_object`); the
/// round trip finds them on the wire, only their style told apart.
#[test]
fn a_list_of_records_in_the_query_is_written_in_brackets() {
    let sorting = serde_json::json!({ "type": "object", "properties": {
        "key": { "type": "string" }, "value": { "type": "string", "enum": ["Asc", "Desc"] } } });
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/banks": { "get": {
            "parameters": [
                { "name": "sortings", "in": "query", "style": "form", "explode": true,
                  "schema": { "type": "array", "items": { "$ref": "#/components/schemas/Sorting" } } },
                { "name": "filter", "in": "query", "style": "deepObject", "schema": {
                    "type": "object", "properties": { "sort": { "$ref": "#/components/schemas/Sorting" } } } },
                { "name": "data", "in": "query", "required": true,
                  "schema": { "type": "array", "items": { "$ref": "#/components/schemas/Sorting" } } }
            ],
            "responses": { "204": { "description": "ok" } }
        } } },
        "components": { "schemas": { "Sorting": sorting } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let banks = file(&imported, "banks.yaml");
    for line in [
        "sortings: { type: list<Sorting>, style: deep_object }",
        "filter: { type: GetBanksFilter, style: deep_object }",
        "data: { type: list<Sorting>, style: deep_object, required: true }",
    ] {
        assert!(banks.contains(line), "{line}\n{banks}");
    }
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(said.is_empty(), "{said:#?}");
    assert_every_operation_on_the_wire(&document, &imported);
}

/// A query parameter either an object or one value (Stripe's `created`: `created[gte]=5`
/// or `created=5`) is the object's keys and its own, each an option; that a request may
/// send both is said. One value or a list of them (PeerTube's `tagsOneOf`, Vercel's
/// `domain` with its items beside the union) is a list option, which reads both. The round
/// trip finds them on the wire.
#[test]
fn a_query_union_of_an_object_or_a_list_and_one_value_is_its_keys() {
    let range = serde_json::json!({ "anyOf": [
        { "type": "object", "properties": { "gte": { "type": "integer" }, "lt": { "type": "integer" } } },
        { "type": "integer" }] });
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/charges": { "get": {
            "parameters": [
                { "name": "created", "in": "query", "style": "deepObject", "schema": range },
                { "name": "tags", "in": "query", "explode": false, "schema": { "oneOf": [
                    { "type": "string" },
                    { "type": "array", "items": { "type": "string" }, "maxItems": 5 }] } },
                { "name": "domain", "in": "query", "schema": {
                    "items": { "type": "string" }, "maxItems": 20,
                    "oneOf": [{ "type": "array" }, { "type": "string" }] } }
            ],
            "responses": { "204": { "description": "ok" } }
        } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let charges = file(&imported, "charges.yaml");
    for line in [
        "\"created[gte]\": { type: integer }",
        "\"created[lt]\": { type: integer }",
        "created: { type: integer }",
        "tags: { type: list<string>, style: comma, max_items: 5 }",
        "domain: { type: list<string>, max_items: 20 }",
    ] {
        assert!(charges.contains(line), "{line}: {charges}");
    }
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(
        said.len() == 1 && said[0].contains("a request may send both"),
        "{said:#?}"
    );
    assert_every_operation_on_the_wire(&document, &imported);
}

/// A number path parameter's enumeration (TomTom's map `versionNumber` of `[1]`,
/// Parliament's `House` of `[1, 2]`) is its `values`: the round trip finds it faithfully.
#[test]
fn a_path_parameters_numbers_are_its_values() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/map/{versionNumber}/copyrights": { "get": {
            "parameters": [{ "name": "versionNumber", "in": "path", "required": true,
                "schema": { "type": "integer", "enum": [1, 2] } }],
            "responses": { "204": { "description": "ok" } }
        } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(said.is_empty(), "{said:#?}");
    let map = file(&imported, "map.yaml");
    assert!(map.contains("values: [1, 2]"), "{map}");
    assert_every_operation_faithful(&document, &imported);
}

/// A query list whose items may be `null` (Unicourt's, `type: [string, "null"]` in 3.1):
/// an item is text on the wire, where `null` has no spelling, so the round trip finds the
/// list of text the same.
#[test]
fn a_query_list_s_nullable_items_are_text() {
    let document = serde_json::json!({
        "openapi": "3.1.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/cases": { "get": {
            "parameters": [{ "name": "court", "in": "query", "schema": {
                "type": "array", "items": { "type": ["string", "null"] } } }],
            "responses": { "204": { "description": "done" } }
        } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    assert_every_operation_on_the_wire(&document, &imported);
}
