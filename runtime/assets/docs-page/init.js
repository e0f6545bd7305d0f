// The docs page's start-up (restspec-runtime, feature `docs-page`): renders the service's
// own OpenAPI document with Swagger UI. An external script, so that the page's
// Content-Security-Policy allows no inline script.
(function () {
  "use strict";
  var root = document.getElementById("swagger-ui");
  var documentUrl = root.getAttribute("data-openapi");
  var prefix = root.getAttribute("data-json-prefix") || "";

  // The service may start every JSON body with a line against cross-site script inclusion
  // (`)]}'`): the text after it is the JSON.
  function withoutPrefix(text) {
    if (prefix && typeof text === "string" && text.indexOf(prefix) === 0) {
      var rest = text.slice(prefix.length);
      return rest.replace(/^\r?\n/, "");
    }
    return text;
  }

  // "Try it out" answers: Swagger UI shows `text` and reads `body` as JSON, which a
  // prefixed answer is not until the prefix is gone.
  function readAnswer(response) {
    var text = withoutPrefix(response.text);
    if (text !== response.text) {
      response.text = text;
      response.data = text;
      try {
        response.body = JSON.parse(text);
        response.obj = response.body;
        delete response.parseError;
      } catch (error) {
        // Not JSON after all: shown as text.
      }
    }
    return response;
  }

  // The lock on an operation's summary means "needs credentials". An operation anonymous
  // callers may call lists the empty requirement (`{}`) beside the credentials it also
  // takes; Swagger UI draws no lock only when `{}` is the sole requirement. The summary
  // is shown that requirement alone; the operation itself keeps every requirement, so
  // "Try it out" still sends the credentials given under "Authorize".
  var optionalCredentials = {
    wrapComponents: {
      OperationSummary: function (Original, system) {
        return function (props) {
          var security = props.operationProps && props.operationProps.get("security");
          var anonymous =
            security &&
            security.size > 1 &&
            security.some(function (requirement) {
              return requirement.isEmpty();
            });
          if (!anonymous) {
            return system.React.createElement(Original, props);
          }
          var shown = Object.assign({}, props, {
            operationProps: props.operationProps.set(
              "security",
              security.filter(function (requirement) {
                return requirement.isEmpty();
              }),
            ),
          });
          return system.React.createElement(Original, shown);
        };
      },
    },
  };

  fetch(documentUrl, { headers: { Accept: "application/json" } })
    .then(function (response) {
      if (!response.ok) {
        throw new Error(documentUrl + " answered " + response.status);
      }
      return response.text();
    })
    .then(function (text) {
      var spec = JSON.parse(withoutPrefix(text));
      // "Try it out" calls the service that serves this page: the document's servers name
      // where the service is deployed (its `base_url`), which this page's origin may not
      // be, and its Content-Security-Policy only lets it connect to its own origin. The
      // server's path (the base path) is kept.
      var servers = spec.servers || [];
      var path = servers.length ? new URL(servers[0].url, location.href).pathname : "/";
      spec.servers = [
        {
          url: location.origin + path.replace(/\/$/, ""),
          description: "This service (where this page is served from)",
        },
      ];
      window.ui = SwaggerUIBundle({
        spec: spec,
        dom_id: "#swagger-ui",
        deepLinking: true,
        tryItOutEnabled: false,
        responseInterceptor: readAnswer,
        plugins: [optionalCredentials],
      });
    })
    .catch(function (error) {
      root.textContent = "The OpenAPI document could not be read: " + error.message;
    });
})();
