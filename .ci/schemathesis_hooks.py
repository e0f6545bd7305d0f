"""Schemathesis hooks for restspec services: JSON answers start with the protocol's prefix
line (the served document says so under x-json-prefix); strip it so that the answer can be
checked against the schema, as every client of the protocol does."""

import schemathesis

PREFIX = b")]}'\n"


@schemathesis.hook
def after_call(context, case, response):
    content = response.content
    if content.startswith(PREFIX):
        response.content = content[len(PREFIX):]
