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


# Gaps of the project's generated wire layer, reported to its owner: noted, not failed, so that
# everything else stays checked. Remove an entry once the generated layer covers it.
KNOWN_GAPS = {
    "user_enterprise_accounts": "generated User has no enterprise_accounts (spec: required); validated as if []",
    "environment_subset": "generated Environment models a subset; missing required environment fields are not failed",
}


def fill_known_gaps(node, notes):
    """Adds `enterprise_accounts: []` to user objects that lack it, noting that it did."""
    if isinstance(node, list):
        for item in node:
            fill_known_gaps(item, notes)
    elif isinstance(node, dict):
        if node.get("object") == "user" and "enterprise_accounts" not in node:
            node["enterprise_accounts"] = []
            notes.add("user_enterprise_accounts")
        for value in node.values():
            fill_known_gaps(value, notes)


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
    notes = set()
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
        body = record["body"]
        fill_known_gaps(body, notes)
        errors = sorted(validator.iter_errors(body), key=lambda e: list(e.absolute_path))
        if record["operation"] == "getEnvironment":
            lenient = [error for error in errors if error.validator == "required"]
            if lenient:
                notes.add("environment_subset")
            errors = [error for error in errors if error.validator != "required"]
        checked += 1
        for error in errors[:5]:
            where = "/".join(str(part) for part in error.absolute_path)
            failures.append(f"{record['operation']} {record['status']} at /{where}: {error.message[:300]}")
    gaps = "; ".join(KNOWN_GAPS[note] for note in sorted(notes))
    print(f"validated {checked} answers" + (f" (known gaps of the generated layer, noted and not failed: {gaps})" if gaps else ""))
    for failure in failures:
        print("INVALID " + failure)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
