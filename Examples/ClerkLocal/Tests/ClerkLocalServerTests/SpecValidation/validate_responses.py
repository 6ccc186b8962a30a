#!/usr/bin/env python3
"""Validates recorded Frontend API answers against the schemas of Clerk's OpenAPI spec.

Usage: validate_responses.py SPEC.yml RECORDS.json
RECORDS.json is a list of {"operation": operationId, "status": int, "body": <JSON>}.

Reading of the spec, as WIRE.md describes: `nullable: true` beside allOf/oneOf/$ref allows null. Exit 0: all valid; 1: some invalid (listed);
2: the check could not run (missing spec or Python modules), with the reason on stderr.
"""
import json
import sys

try:
    import yaml
    from openapi_schema_validator import OAS30Validator
except ImportError as error:  # the check cannot run; the caller reports that plainly
    print(f"did not run: {error}", file=sys.stderr)
    sys.exit(2)


COMBINERS = ("allOf", "oneOf", "anyOf", "$ref")


def allow_null(node):
    """Rewrites {nullable: true} beside allOf/oneOf/anyOf/$ref as anyOf(null, node): a literal 3.0.3
    validator would apply the combined schemas to null too, and refuse it."""
    if isinstance(node, list):
        return [allow_null(item) for item in node]
    if not isinstance(node, dict):
        return node
    node = {key: allow_null(value) for key, value in node.items()}
    if node.get("nullable") is True and any(key in node for key in COMBINERS):
        rest = {key: value for key, value in node.items() if key != "nullable"}
        return {"anyOf": [{"enum": [None]}, rest]}
    return node


def response_schema(spec, operation, status):
    for path_item in spec["paths"].values():
        for op in path_item.values():
            if not isinstance(op, dict) or op.get("operationId") != operation:
                continue
            responses = op.get("responses", {})
            response = responses.get(str(status)) or responses.get("default")
            if response is None:
                return None, f"{operation}: the spec declares no {status} answer"
            while "$ref" in response:
                name = response["$ref"].split("/")[-1]
                response = spec["components"]["responses"][name]
            schema = response.get("content", {}).get("application/json", {}).get("schema")
            return schema, None
    return None, f"{operation}: not in the spec"


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    try:
        with open(sys.argv[1]) as handle:
            spec = yaml.safe_load(handle)
    except OSError as error:
        print(f"did not run: {error}", file=sys.stderr)
        sys.exit(2)
    with open(sys.argv[2]) as handle:
        records = json.load(handle)
    components = allow_null(spec["components"])
    failures = []
    checked = 0
    for record in records:
        schema, problem = response_schema(spec, record["operation"], record["status"])
        if problem:
            failures.append(problem)
            continue
        if schema is None:
            continue
        document = dict(allow_null(schema))
        document["components"] = components
        validator = OAS30Validator(document)
        errors = sorted(validator.iter_errors(record["body"]), key=lambda e: list(e.absolute_path))
        checked += 1
        for error in errors[:5]:
            where = "/".join(str(part) for part in error.absolute_path)
            failures.append(f"{record['operation']} {record['status']} at /{where}: {error.message[:300]}")
    print(f"validated {checked} answers")
    for failure in failures:
        print("INVALID " + failure)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
