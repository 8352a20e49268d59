#!/usr/bin/env python3
"""Where a wasm module's bytes are: each section's size, and the code section's bytes by the
crate (the first path segment of each function's name) and by its largest functions.

    python3 scripts/wasm-size-report.py MODULE.wasm [--top N] [--markdown] [--against BASE.wasm]

With --against, what MODULE's code adds over BASE's (two builds of the game, one without a
part): the added bytes by kind (Bevy's system machinery, the plugins' registration of systems,
kawu's own functions, the rest) and the functions, by name, that grew most.

The names come from the module's `name` section: use a module that kept it (cargo's output, or
`wasm-opt -g`; scripts/web-size-report.sh makes one of the optimised build). Without names
every function counts as `(unnamed)`. Reads the binary format by the specification
(https://webassembly.github.io/spec/core/binary/), no other tool needed.
"""

import argparse
import collections
import re
import sys

SECTION_NAMES = {
    0: "custom",
    1: "type",
    2: "import",
    3: "function",
    4: "table",
    5: "memory",
    6: "global",
    7: "export",
    8: "start",
    9: "element",
    10: "code",
    11: "data",
    12: "data count",
    13: "tag",
}


def leb(data, at):
    """An unsigned LEB128 number at `at`: (value, position after it)."""
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def name_of(data, at):
    length, at = leb(data, at)
    return data[at : at + length].decode("utf-8", "replace"), at + length


def sections(data):
    """Yields (id, custom name or None, payload start, payload end)."""
    if data[:4] != b"\0asm":
        sys.exit("not a wasm module")
    at = 8
    while at < len(data):
        kind = data[at]
        size, start = leb(data, at + 1)
        end = start + size
        custom = name_of(data, start)[0] if kind == 0 else None
        yield kind, custom, start, end
        at = end


def imported_functions(data, start):
    count, at = leb(data, start)
    functions = 0
    for _ in range(count):
        _, at = name_of(data, at)
        _, at = name_of(data, at)
        kind = data[at]
        at += 1
        if kind == 0:  # a function: its type index
            _, at = leb(data, at)
            functions += 1
        elif kind == 1:  # a table: reference type, limits
            at += 1
            flags, at = leb(data, at)
            _, at = leb(data, at)
            if flags & 1:
                _, at = leb(data, at)
        elif kind == 2:  # a memory: limits
            flags, at = leb(data, at)
            _, at = leb(data, at)
            if flags & 1:
                _, at = leb(data, at)
        elif kind == 3:  # a global: value type, mutability
            at += 2
        elif kind == 4:  # a tag
            at += 1
            _, at = leb(data, at)
    return functions


def function_names(data, start, end):
    """The function names of a `name` section's payload (after its own name)."""
    _, at = name_of(data, start)
    names = {}
    while at < end:
        kind = data[at]
        size, at = leb(data, at + 1)
        if kind == 1:
            count, inner = leb(data, at)
            for _ in range(count):
                index, inner = leb(data, inner)
                names[index], inner = name_of(data, inner)
        at += size
    return names


LEGACY_ESCAPES = [("$LT$", "<"), ("$GT$", ">"), ("$RF$", "&"), ("$BP$", "*"), ("$C$", ","),
                  ("$u20$", " "), ("$u27$", "'"), ("$u5b$", "["), ("$u5d$", "]"),
                  ("$u7b$", "{"), ("$u7d$", "}"), ("$u3b$", ";"), ("$u2b$", "+"), ("..", "::")]
BASE_CRATES = {"core", "alloc", "std"}


def demangle_legacy(name):
    """The path of a legacy-mangled name (`_ZN4core3ptr...E`), without its hash."""
    at = 3
    segments = []
    while at < len(name) and name[at].isdigit():
        digits = re.match(r"\d+", name[at:]).group(0)
        at += len(digits)
        segment = name[at : at + int(digits)]
        at += int(digits)
        if re.fullmatch(r"h[0-9a-f]{16}", segment):
            break
        for escape, text in LEGACY_ESCAPES:
            segment = segment.replace(escape, text)
        segments.append(segment.lstrip("_") if segment.startswith("_<") else segment)
    return "::".join(segments)


def crate_in_path(path):
    """The crate a demangled path belongs to. For an impl `<X as Y>`, the trait's crate when X
    is a type of the standard library or a bare generic (its code is the trait's, for X)."""
    path = path.lstrip("<&*[( ")
    trait = re.search(r" as ([A-Za-z_][A-Za-z0-9_]*)::", path)
    own = path.split(" as ")[0] if trait else path
    match = re.search(r"([A-Za-z_][A-Za-z0-9_]*)::", own)
    crate = match.group(1) if match else None
    if trait and (crate is None or crate in BASE_CRATES) and trait.group(1) not in BASE_CRATES:
        return trait.group(1)
    return crate or (trait.group(1) if trait else None)


def crate_of(name):
    """The crate a function belongs to, from its (mangled or demangled) name."""
    if name.startswith("_ZN"):
        crate = crate_in_path(demangle_legacy(name))
    elif name.startswith("_R"):
        # v0 mangling: the first crate root `C[s<disambiguator>_]<length><name>`.
        match = re.search(r"C(?:s[0-9A-Za-z]*_)?(\d+)", name)
        crate = None
        if match:
            start = match.end()
            crate = name[start : start + int(match.group(1))]
    elif name.startswith(("__wbg", "__wbindgen", "__externref")):
        crate = "(wasm-bindgen's glue)"
    else:
        crate = crate_in_path(name)
    return crate or "(no path: exports, C code)"


def readable(name):
    """A function's name for the table: demangled when it was legacy-mangled."""
    return demangle_legacy(name) if name.startswith("_ZN") else name


def read_module(data):
    """A module's section sizes, its code bodies' sizes, its function names by index and how
    many functions it imports (the first body's index)."""
    by_section = collections.Counter()
    imports = 0
    bodies = []
    names = {}
    for kind, custom, start, end in sections(data):
        label = f"custom {custom}" if custom is not None else SECTION_NAMES.get(kind, str(kind))
        by_section[label] += end - start
        if kind == 2:
            imports = imported_functions(data, start)
        elif kind == 10:
            count, at = leb(data, start)
            for _ in range(count):
                size, body = leb(data, at)
                bodies.append(body + size - at)
                at = body + size
        elif custom == "name":
            names = function_names(data, start, end)
    return by_section, bodies, names, imports


def kind_of(path):
    """What a function of an added part is, by its demangled path: the code Bevy generates for
    each system (running it, its parameters' access, its set's label), the plugins' `build`
    that registers the systems (and kawu's plugin functions it inlines them into), kawu's own
    functions, or the rest."""
    if "Plugin>::build" in path or re.fullmatch(r"kawu::.*::\w*plugin", path):
        return "registration (plugins' build)"
    if any(part in path for part in ("bevy_ecs::system", "bevy_ecs::schedule", "SystemTypeSet",
                                     "SystemParam", "DynEq", "DynHash")):
        return "Bevy's system machinery"
    return "kawu's own functions" if "kawu::" in path else "the rest"


def code_by_path(bodies, names, imports):
    """The code's bytes and functions by demangled path (generic instances share a path)."""
    sizes = collections.Counter()
    counts = collections.Counter()
    for index, size in enumerate(bodies):
        name = names.get(imports + index, "")
        path = readable(name) if name else f"function {imports + index}"
        sizes[path] += size
        counts[path] += 1
    return sizes, counts


def added(arguments, bodies, names, imports):
    """Prints what the module's code adds over `arguments.against`'s."""
    sizes, counts = code_by_path(bodies, names, imports)
    _, base_bodies, base_names, base_imports = read_module(open(arguments.against, "rb").read())
    base_sizes, base_counts = code_by_path(base_bodies, base_names, base_imports)
    growth = {path: (sizes[path] - base_sizes[path], counts[path] - base_counts[path])
              for path in set(sizes) | set(base_sizes)}
    total = sum(bodies) - sum(base_bodies)
    print(f"{arguments.module} over {arguments.against}: code {total:+,} bytes, functions "
          f"{len(bodies) - len(base_bodies):+,}")
    by_kind = collections.Counter()
    for path, (size, _) in growth.items():
        by_kind[kind_of(path)] += size
    print("\nAdded code by kind")
    for kind, size in by_kind.most_common():
        print(f"  {size / 1024:10,.0f} KiB {size / total:6.1%}  {kind}")
    print("\nFunctions that grew most (bytes, instances added, path)")
    for path, (size, count) in sorted(growth.items(), key=lambda row: -row[1][0])[:arguments.top]:
        print(f"  {size:10,} {count:+5}  {path[:110]}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("module")
    parser.add_argument("--top", type=int, default=25, help="how many crates and functions")
    parser.add_argument("--markdown", action="store_true", help="tables for docs/web.md")
    parser.add_argument("--against", metavar="BASE", help="what the module adds over BASE")
    arguments = parser.parse_args()
    data = open(arguments.module, "rb").read()
    by_section, bodies, names, imports = read_module(data)
    if arguments.against:
        added(arguments, bodies, names, imports)
        return

    by_crate = collections.Counter()
    functions = collections.Counter()
    for index, size in enumerate(bodies):
        name = names.get(imports + index, "")
        by_crate[crate_of(name) if name else "(unnamed)"] += size
        functions[readable(name) if name else f"function {imports + index}"] += size

    total = len(data)
    code = sum(bodies)

    def table(title, header, rows):
        if arguments.markdown:
            print(f"\n{title}\n\n| {header} | KiB | share |\n| --- | ---: | ---: |")
            for label, size, share in rows:
                print(f"| `{label}` | {size / 1024:,.0f} | {share:.1%} |")
        else:
            print(f"\n{title}")
            for label, size, share in rows:
                print(f"  {size / 1024:10,.0f} KiB {share:6.1%}  {label}")

    print(f"{arguments.module}: {total / 1024:,.0f} KiB, {len(bodies):,} functions, "
          f"{len(names):,} named")
    table("Sections", "section",
          [(label, size, size / total) for label, size in by_section.most_common()])
    table(f"Code by crate (share of the code section, {code / 1024:,.0f} KiB)", "crate",
          [(crate, size, size / code) for crate, size in by_crate.most_common(arguments.top)])
    table("Largest functions", "function",
          [(name[:110], size, size / code) for name, size in functions.most_common(arguments.top)])


if __name__ == "__main__":
    main()
