#!/usr/bin/env python3
"""Writes a deterministic, valid Plan v1 with N entities to stdout (for Benchmarks/plans.sh).

    Benchmarks/plangen.py N [--seed S] [--extra-field] > plan.json

The same N and seed always give the same bytes. The Plan uses every part of format v1 that
changes what is generated: all ten field types (a reference names its target in `to`),
references between entities, nested entities (`parent`, with a reference field to the parent
and forms), indexes public / protected / none, icons from the closed vocabulary (some omitted),
an editable account with fields, both native clients, a domain, a home and an appearance.

Keys are `<word>_item` (plural `<word>_items`), where <word> is a run of consonant-vowel
syllables: snake case, short, unique after camelization (one '_' each, no digits), and clear of
every reserved Rails, Ruby and route name. Field keys come from a fixed list that avoids Rails'
own column and method names (`id`, `type`, `class`, `created_at`, ...).

--extra-field adds one optional string field, `bench_note`, to the middle entity (index N // 2):
the Rails-only change plans.sh measures. Nothing native reads entity fields.

Each entity is written on one line, so a Plan stays under the loader's 4 MiB limit
(`PlanLimits.fileBytes`) up to about 8,000 entities (5,000 take 2.6 MB; indented, they
would not fit).
"""
import argparse
import json
import random
import sys
import uuid

ICONS = ["grid", "person", "house", "film", "book", "calendar", "chat", "bell", "cart", "tag",
         "star", "heart", "map", "photo", "music", "folder", "document", "list", "gear", "people",
         "briefcase", "chart", "clock", "globe", "camera", "envelope", "pin", "bookmark"]
INDEXES = ["public", "protected", "none"]
# One key per non-reference type; a reference field is named after its target entity's key.
SCALAR_FIELDS = [("title", "string"), ("summary", "text"), ("quantity", "integer"),
                 ("price", "decimal"), ("featured", "boolean"), ("starts_on", "date"),
                 ("happened_at", "datetime"), ("contact_email", "email"), ("website_url", "url")]
CONSONANTS = "bdfgklmnprstvz"
VOWELS = "aeiou"
EXTRA_FIELD = {"key": "bench_note", "type": "string"}


def word(i):
    """A distinct lowercase word for every i >= 0: at least two consonant-vowel syllables."""
    syllables = [c + v for c in CONSONANTS for v in VOWELS]
    parts = []
    n = i
    while True:
        parts.append(syllables[n % len(syllables)])
        n //= len(syllables)
        if n == 0 and len(parts) >= 2:
            break
    return "".join(reversed(parts))


def plan(n, seed, extra_field):
    if n < 1:
        raise SystemExit("plangen: N must be at least 1")
    rng = random.Random(seed)
    ns = uuid.uuid5(uuid.NAMESPACE_URL, "orchestrate-bench-plan:%d:%d" % (n, seed))
    keys = ["%s_item" % word(i) for i in range(n)]

    entities = []
    for i, key in enumerate(keys):
        w = word(i).capitalize()
        fields = [{"key": "title", "type": "string", "required": True}]
        # Two to six more scalar fields, rotating so every type appears across the Plan.
        count = 2 + rng.randrange(5)
        start = i % (len(SCALAR_FIELDS) - 1)
        for k in range(count):
            fkey, ftype = SCALAR_FIELDS[1 + (start + k) % (len(SCALAR_FIELDS) - 1)]
            fields.append({"key": fkey, "type": ftype})
        entity = {"key": key, "plural_key": key + "s",
                  "uuid": str(uuid.uuid5(ns, "entity:" + key)),
                  "name": "%s item" % w, "plural": "%s items" % w}
        if i % 9 != 8:
            entity["icon"] = ICONS[i % len(ICONS)]
        entity["index"] = INDEXES[i % 3]
        entity["forms"] = i % 7 != 6
        targets = []
        # Every fourth entity (after the first) is nested below an earlier one: a reference to
        # the parent, required, and forms (the nested new route). Earlier parents: no cycles.
        if i > 0 and i % 4 == 1:
            parent = keys[rng.randrange(i)]
            entity["parent"] = parent
            entity["forms"] = True
            targets.append((parent, True))
        # Up to two more references to other earlier entities (a later one when i is 0).
        for _ in range(rng.randrange(3)):
            if n < 2:
                break
            target = keys[rng.randrange(i)] if i > 0 else keys[1 + rng.randrange(n - 1)]
            if all(target != t for t, _ in targets):
                targets.append((target, rng.random() < 0.3))
        for target, required in targets:
            field = {"key": target, "type": "reference", "to": target}
            if required:
                field["required"] = True
            fields.append(field)
        if extra_field and i == n // 2:
            fields.append(dict(EXTRA_FIELD))
        entity["fields"] = fields
        entities.append(entity)

    return {
        "plan_format": 1,
        "project_id": str(uuid.uuid5(ns, "project")),
        "application": {
            "key": "bench_app",
            "name": "Bench %d" % n,
            "domain": "bench.example.com",
            "home": keys[0],
            "appearance": {
                "theme": "auto",
                "accent": {"light": "#0A84FF", "dark": "#64D2FF"},
                "background": "#FAFAFA",
            },
            "native": {"ios": {}, "android": {}},
        },
        "account": {
            "subject_uuid": str(uuid.uuid5(ns, "account")),
            "editable": True,
            "fields": [
                {"key": "display_name", "type": "string", "required": True},
                {"key": "biography", "type": "text"},
                {"key": "birthday", "type": "date"},
            ],
        },
        "entities": entities,
    }


def write(plan, out):
    """The Plan indented, except that each entity is one compact line."""
    entities = plan.pop("entities")
    head = json.dumps(plan, indent=2)
    assert head.endswith("\n}")
    out.write(head[:-2] + ',\n  "entities": [\n')
    out.write(",\n".join("    " + json.dumps(e, separators=(", ", ": ")) for e in entities))
    out.write("\n  ]\n}\n")


def main():
    parser = argparse.ArgumentParser(description="Write a deterministic Plan v1 with N entities to stdout.")
    parser.add_argument("n", type=int, metavar="N", help="number of entities")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--extra-field", action="store_true",
                        help="add the string field bench_note to entity N // 2 (a Rails-only change)")
    args = parser.parse_args()
    write(plan(args.n, args.seed, args.extra_field), sys.stdout)


if __name__ == "__main__":
    main()
