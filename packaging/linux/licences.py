"""The licence texts of everything in the Linux bundle, generated from what it holds.

Why generated: the bundle carries far more than se4x - Python, Qt and
PySide6, a few Python distributions, PyInstaller's bootloader and some
seventy libraries copied from the build machine - and which ones depends on
the build machine and on what PyInstaller collected.  A hand-written list
would go stale at the next build; this one is made from PyInstaller's record
of where each bundled file came from (``bundle-sources.json``, written by
``packaging/se4x.spec``) and fails when a file's licence cannot be told.

Each bundled file is traced back to one component:

* the checkout: se4x itself (MIT, ``LICENSE``), but ``resources/rules/``,
  which is not ours (``resources/rules/NOTICE``);
* a Python distribution (its ``RECORD``): its dist-info licence files, or the
  common licence its metadata names (PySide6-Essentials and shiboken6 ship
  none); the Qt libraries inside the PySide6 wheel (``PySide6/Qt``) and the
  ICU libraries among them are components of their own;
* the Python installation (its standard library, ``lib-dynload``,
  libpython): the ``LICENSE.txt`` beside the standard library;
* anything else must belong to a Debian package (``dpkg -S``), whose
  ``/usr/share/doc/<package>/copyright`` is copied as it is.

The executable is PyInstaller's bootloader with an archive of compiled Python
modules appended, so its licence is PyInstaller's and that of every component
with modules in the archive.

Written into the bundle (so the .tar.gz has them too)::

    licenses/README.txt            what is where, and how Qt's LGPL terms are met
    licenses/copyright             the same, machine-readable (Debian DEP-5)
    licenses/<component>/...       each component's own licence files
    licenses/common-licenses/...   the GPL, LGPL, Apache, MPL texts used or referred to

and for the .deb, ``deb-copyright`` turns ``licenses/copyright`` into
``/usr/share/doc/se4x/copyright`` (paths as installed, under /opt/se4x).

Usage (packaging/build.sh runs these)::

    python packaging/linux/licences.py bundle dist/se4x \
        --sources build/pyinstaller/se4x/bundle-sources.json
    python packaging/linux/licences.py deb-copyright dist/se4x --prefix opt/se4x -o copyright
"""

import argparse
import importlib.metadata
import json
import re
import shutil
import subprocess
import sys
import sysconfig
import textwrap
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from bundle_tools import dpkg_owners  # beside this script

HERE = Path(__file__).resolve().parent
CHECKOUT = HERE.parents[1]
COMMON_LICENSES = Path("/usr/share/common-licenses")
LICENSES = "licenses"  # the folder in the bundle
CONTENTS = "_internal"  # PyInstaller's contents folder in a one-folder bundle
EXECUTABLE = "se4x"
DEP5_FORMAT = "https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
CONTROL = HERE / "control.in"  # its Maintainer is the Upstream-Contact too
ICU_LICENSE = HERE / "ICU-LICENSE"

# DEP-5 short names (a trailing "+" stripped) whose text is in /usr/share/common-licenses,
# with the title a reference to them uses.
COMMON = {
    "GPL-1": ("GPL-1", "the GNU General Public License version 1"),
    "GPL-2": ("GPL-2", "the GNU General Public License version 2"),
    "GPL-3": ("GPL-3", "the GNU General Public License version 3"),
    "LGPL-2": ("LGPL-2", "the GNU Library General Public License version 2"),
    "LGPL-2.1": ("LGPL-2.1", "the GNU Lesser General Public License version 2.1"),
    "LGPL-3": ("LGPL-3", "the GNU Lesser General Public License version 3"),
    "Apache-2.0": ("Apache-2.0", "the Apache License version 2.0"),
    "Apache-2": ("Apache-2.0", "the Apache License version 2.0"),
    "MPL-1.1": ("MPL-1.1", "the Mozilla Public License version 1.1"),
    "MPL-2.0": ("MPL-2.0", "the Mozilla Public License version 2.0"),
    "GFDL-1.2": ("GFDL-1.2", "the GNU Free Documentation License version 1.2"),
    "GFDL-1.3": ("GFDL-1.3", "the GNU Free Documentation License version 1.3"),
    "CC0-1.0": ("CC0-1.0", "the Creative Commons CC0 1.0 Universal licence"),
}
# The LGPL-3 is the GPL-3 plus extra permissions: whoever ships one ships both.
COMPANIONS = {"LGPL-3": ["GPL-3"]}

# SPDX identifiers of Python metadata -> DEP-5 short names.
SPDX_TO_DEP5 = {
    "GPL-2.0-only": "GPL-2", "GPL-2.0-or-later": "GPL-2+", "GPL-3.0-only": "GPL-3",
    "GPL-3.0-or-later": "GPL-3+", "LGPL-2.1-only": "LGPL-2.1", "LGPL-2.1-or-later": "LGPL-2.1+",
    "LGPL-3.0-only": "LGPL-3", "LGPL-3.0-or-later": "LGPL-3+", "BSD-2-Clause": "BSD-2-clause",
    "BSD-3-Clause": "BSD-3-clause", "MPL-2.0": "MPL-2.0", "Apache-2.0": "Apache-2.0",
}
CLASSIFIERS = {
    "License :: OSI Approved :: MIT License": "MIT",
    "License :: OSI Approved :: BSD License": "BSD-3-clause",
    "License :: OSI Approved :: Apache Software License": "Apache-2.0",
    "License :: OSI Approved :: Python Software Foundation License": "PSF-2.0",
}
# Distributions whose metadata names no licence in a form read here.
DISTRIBUTION_LICENCES = {
    # COPYING.txt: the bootloader and PyInstaller/loader are GPL-2+ with the bootloader
    # exception, the run-time hooks and fake-modules (also in the archive) Apache-2.0.
    "pyinstaller": "GPL-2+ with Bootloader exception and Apache-2.0",
}
# Debian packages whose copyright file is not machine-readable: the licence of the
# library, read from that file, by source package (a "-NN" version suffix stripped).
DEBIAN_LICENCES = {
    "cairo": "LGPL-2.1 or MPL-1.1",
    "fontconfig": "HPND-sell-variant",
    "gcc": "GPL-3+ with GCC-Runtime-Library-3.1 exception",
    "krb5": "MIT",
    "libgcrypt20": "LGPL-2.1+",
    "libselinux": "public-domain",
    "libx11": "MIT",
    "libxau": "MIT-open-group",
    "libxcb": "X11",
    "libxdmcp": "MIT-open-group",
    "libxext": "MIT",
    "libxkbcommon": "MIT",
    "libxrender": "HPND-sell-variant",
    "pixman": "MIT",
}
LICENCE_FILE = re.compile(r"(?i)^(licen[cs]e|copying|notice|authors)")
LICENCE_HEADING = re.compile(r"^\s*(GNU (LESSER |LIBRARY )?GENERAL PUBLIC LICENSE|"
                             r"Apache License)\s*$", re.M)
# A Debian copyright file not in DEP-5 form that is at most this long is the licence
# text itself (the X libraries'); a longer one is referred to.
WHOLE_FILE_LINES = 80
COPYRIGHT_LINE = re.compile(r"(?i)^\s*(copyright\b.*(\(c\)|©|\d{4})|\(c\)\s*\d{4}|©\s*\d{4})")


class LicenceError(Exception):
    """Some bundled files' licence cannot be determined."""


# -- DEP-5 text --------------------------------------------------------------------------------
def parse_dep5(text: str) -> list[dict[str, str]]:
    """The paragraphs of a deb822 file (DEP-5 copyright): field -> value, continuation
    lines kept with their leading space stripped and " ." turned into empty lines."""
    paragraphs: list[dict[str, str]] = []
    current: dict[str, str] = {}
    key = ""
    for line in text.splitlines():
        if not line.strip():
            if current:
                paragraphs.append(current)
            current, key = {}, ""
        elif line[0] in " \t" and key:
            body = line.strip()
            current[key] += "\n" + ("" if body == "." else body)
        elif ":" in line and not line.startswith("#"):
            key, _, value = line.partition(":")
            key = key.strip()
            current[key] = value.strip()
    if current:
        paragraphs.append(current)
    return paragraphs


def field_text(name: str, value: str) -> str:
    """One deb822 field: the first line after the name, the others indented, blank lines
    as " ." (DEP-5's formatted text)."""
    first, *rest = value.rstrip().split("\n")
    lines = [f"{name}: {first}".rstrip()]
    lines += [" ." if not line.strip() else " " + line.rstrip() for line in rest]
    return "\n".join(lines)


def paragraph_text(fields: dict[str, str]) -> str:
    """A deb822 paragraph; a one-line Comment is wrapped (formatted text)."""
    return "\n".join(
        field_text(name, textwrap.fill(value, 70) if name == "Comment" and "\n" not in value
                   else value) for name, value in fields.items() if value)


SEPARATOR = re.compile(r"\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+", re.I)


def _split_terms(expression: str) -> list[tuple[str, str]]:
    """(separator before it, term) of a licence expression: "A or B, and C" ->
    [("", "A"), (" or ", "B"), (", and ", "C")]."""
    text = re.sub(r"\s+", " ", expression).strip()
    terms: list[tuple[str, str]] = []
    separator, at = "", 0
    for found in SEPARATOR.finditer(text):
        terms.append((separator, text[at:found.start()].strip()))
        words = [w.lower() for w in found.group().replace(",", " , ").split()]
        conjunction = [w for w in words if w != ","]
        separator = (", " if words[0] == "," else " ") + "".join(w + " " for w in conjunction)
        at = found.end()
    terms.append((separator, text[at:].strip()))
    return [(sep, term) for sep, term in terms if term]


def _parentheses(term: str) -> tuple[str, str, str]:
    """(opening parentheses, the term, closing parentheses)."""
    found = re.fullmatch(r"(\(*)\s*(.*?)\s*(\)*)", term.strip(), re.S)
    assert found is not None  # every part is optional
    opening, inner, closing = found.groups()
    return opening, inner, closing


def normalise_term(term: str) -> str:
    """A licence as a DEP-5 short name: "NAME" or "NAME with EXCEPTION exception",
    blanks inside a name replaced by "-" (short names have none); the parentheses of an
    expression around it are kept."""
    opening, term, closing = _parentheses(term)
    found = re.fullmatch(r"(.+?)\s+with\s+(.+?)(?:\s+exception)?", term, re.I)
    if found:
        name, exception = (re.sub(r"\s+", "-", found.group(n)) for n in (1, 2))
        return f"{opening}{name} with {exception} exception{closing}"
    return opening + re.sub(r"\s+", "-", term) + closing


def normalise_expression(expression: str) -> str:
    return "".join(sep + normalise_term(term) for sep, term in _split_terms(expression))


def licence_names(expression: str) -> list[str]:
    """The short names an expression uses, each once ("GPL-2+ with X exception" is one)."""
    names: list[str] = []
    for _sep, term in _split_terms(expression):
        name = normalise_term(term).strip("()")
        if name not in names:
            names.append(name)
    return names


def rename_terms(expression: str, renames: dict[str, str]) -> str:
    """The expression with some short names replaced (parentheses kept)."""
    out = []
    for sep, term in _split_terms(expression):
        opening, name, closing = _parentheses(normalise_term(term))
        out.append(sep + opening + renames.get(name, name) + closing)
    return "".join(out)


def common_file(name: str) -> str | None:
    """The /usr/share/common-licenses file of a short name (no exception), or None."""
    if " with " in name:
        return None
    entry = COMMON.get(name.rstrip("+"))
    return entry[0] if entry else None


def common_reference(name: str) -> str:
    """A License paragraph's text for a licence in /usr/share/common-licenses."""
    file, title = COMMON[name.rstrip("+")]
    later = ", or (at your option) any later version" if name.endswith("+") else ""
    return (f"Licensed under {title}{later}.\n\n"
            f"On Debian systems, the complete text of {title} can be found in "
            f"/usr/share/common-licenses/{file}; the program's folder has a copy in "
            f"{LICENSES}/common-licenses/{file}.")


def files_match(pattern: str, path: str) -> bool:
    """DEP-5 Files matching: "*" is any run of characters, "/" included, "?" one."""
    regex = "".join(".*" if c == "*" else "." if c == "?" else re.escape(c) for c in pattern)
    return re.fullmatch(regex, path) is not None


def paragraph_for(paragraphs: list[dict[str, str]], path: str) -> dict[str, str] | None:
    """The Files paragraph that governs ``path``: the last one matching it."""
    found = None
    for paragraph in paragraphs:
        if "Files" in paragraph and any(files_match(p, path)
                                        for p in paragraph["Files"].split()):
            found = paragraph
    return found


# -- components ---------------------------------------------------------------------------------
@dataclass
class Component:
    """Something in the bundle with its own copyright and licence."""

    key: str  # its folder under licenses/
    name: str
    version: str
    origin: str
    copyright: str  # DEP-5 Copyright value
    licence: str  # DEP-5 licence expression
    texts: dict[str, bytes] = field(default_factory=dict)  # file in its folder -> content
    common: set[str] = field(default_factory=set)  # common-licenses files it uses
    comment: str = ""
    files: set[str] = field(default_factory=set)  # bundle paths it owns
    in_archive: bool = False  # has Python modules in the executable's archive
    licence_texts: dict[str, str] = field(default_factory=dict)  # short name -> text

    def text_paths(self) -> list[str]:
        own = [f"{LICENSES}/{self.key}/{name}" for name in sorted(self.texts)]
        return own + [f"{LICENSES}/common-licenses/{name}" for name in sorted(self.common)]


def copyright_lines(text: str, limit: int = 12) -> str:
    """The "Copyright ..." lines of a licence text, each once, in order; those of a GNU or
    Apache licence text appended to it (the FSF's, the ASF's) left out."""
    appended = LICENCE_HEADING.search(text)
    lines: list[str] = []
    for line in text[:appended.start() if appended else None].splitlines():
        line = line.strip().rstrip(".")
        if COPYRIGHT_LINE.match(line) and line not in lines and len(line) < 200:
            lines.append(line)
    return "\n".join(lines[:limit])


def uses_common(expression: str) -> set[str]:
    """The common-licenses files an expression's names use, with their companions."""
    files = {f for f in (common_file(n) for n in licence_names(expression)) if f}
    for name in list(files):
        files.update(COMPANIONS.get(name, []))
    return files


def _squeezed(text: str) -> str:
    """Spacing, case and the web's scheme aside (texts copied since quote https)."""
    return " ".join(text.split()).lower().replace("https://", "http://")


def is_common_text(text: bytes, common: set[str], head: int = 1500) -> bool:
    """True if ``text`` holds one of the ``common`` licences whole (its first ``head``
    characters, spacing aside).  Why: a copyright file refers to those in
    /usr/share/common-licenses and must not repeat them (lintian's
    copyright-file-contains-full-*-license); the file itself still ships."""
    squeezed = _squeezed(text.decode(errors="replace"))
    for name in common:
        path = COMMON_LICENSES / name
        if path.is_file() and _squeezed(path.read_text(errors="replace"))[:head] in squeezed:
            return True
    return False


def referenced_common(text: str) -> set[str]:
    """The /usr/share/common-licenses files a copyright file refers to."""
    found = set(re.findall(r"/usr/share/common-licenses/([A-Za-z0-9.+-]+?)[.,;:'\")`]*(?:\s|$)",
                           text))
    return {name for name in found if (COMMON_LICENSES / name).is_file()
            and not (COMMON_LICENSES / name).is_symlink()}


def spdx_to_dep5(expression: str) -> str:
    """An SPDX expression (Python metadata) in DEP-5 words."""
    words = []
    for word in re.split(r"(\s+|\(|\))", expression.strip()):
        words.append({"OR": "or", "AND": "and", "WITH": "with"}.get(word, SPDX_TO_DEP5.get(
            word, word.removesuffix("-only"))))
    text = re.sub(r"\s+", " ", "".join(words)).strip()
    return re.sub(r"with (\S+?)(?:-exception)?\b(?! exception)", r"with \1 exception", text)


def metadata(dist: importlib.metadata.Distribution, key: str) -> str | None:
    """One field of a distribution's metadata, None when it has none."""
    values = dist.metadata.get_all(key) or []
    return str(values[0]) if values else None


def distribution_licence(dist: importlib.metadata.Distribution) -> str | None:
    """A distribution's licence as a DEP-5 expression, from its metadata."""
    name = dist.metadata["Name"].lower()
    if name in DISTRIBUTION_LICENCES:
        return DISTRIBUTION_LICENCES[name]
    expression = metadata(dist, "License-Expression")
    if expression:
        return spdx_to_dep5(expression)
    legacy = (metadata(dist, "License") or "").strip()
    if legacy and "\n" not in legacy and len(legacy) < 80 and re.fullmatch(
            r"[A-Za-z0-9.+ ()-]+", legacy):
        return spdx_to_dep5(legacy)
    classified = [CLASSIFIERS[c] for c in dist.metadata.get_all("Classifier") or []
                  if c in CLASSIFIERS]
    return " and ".join(dict.fromkeys(classified)) or None


def distribution_texts(dist: importlib.metadata.Distribution) -> dict[str, bytes]:
    """The licence files a distribution ships in its dist-info."""
    texts = {}
    for entry in dist.files or []:
        parts = PurePosixPath(str(entry)).parts
        if (parts and parts[0].endswith(".dist-info") and LICENCE_FILE.match(entry.name)
                and entry.name != "RECORD"):
            path = Path(str(dist.locate_file(entry)))
            if path.is_file():
                texts[entry.name] = path.read_bytes()
    return texts


def pyinstaller_texts(copying: str, licence: str) -> dict[str, str]:
    """PyInstaller's own terms, from its COPYING.txt without the GPL and Apache texts
    appended to it (a copyright file refers to those in common-licenses instead): the
    GPL-2+ statement and the bootloader exception, up to the run-time hooks' section."""
    found = re.search(r"PyInstaller is licensed under.*?(?=\n\s*Run-time Hooks\s*\n)",
                      copying, re.S)
    names = [n for n in licence_names(licence) if " with " in n]
    if not found or len(names) != 1:
        return {}
    return {names[0]: found.group().strip() + "\n\n" + common_reference("GPL-2+")}


def dpkg_fields(package: str) -> tuple[str, str]:
    """(version, source package) of an installed Debian package."""
    out = subprocess.run(["dpkg-query", "-W", "-f", "${Version}\t${source:Package}", package],
                         capture_output=True, text=True, check=True).stdout
    version, _, source = out.partition("\t")
    return version, source or package


class Inventory:
    """Maps each file of a bundle to its component, from PyInstaller's record."""

    def __init__(self, bundle: Path, sources: dict[str, list[list[str]]], checkout: Path
                 ) -> None:
        self.bundle = bundle
        self.checkout = checkout.resolve()
        self.components: dict[str, Component] = {}
        self.problems: list[str] = []
        self._copyright_files: dict[bytes, str] = {}
        self._distributions = self._index_distributions()
        self._python_dirs = {Path(sysconfig.get_paths()[k]).resolve()
                             for k in ("stdlib", "platstdlib")}
        self._debian_owners = dpkg_owners(self._system_files(sources))
        owner: dict[str, Component] = {}
        for kind in ("binaries", "datas"):
            for dest, source, typecode in sources.get(kind, []):
                if typecode == "SYMLINK":  # within the bundle: see _walk
                    continue
                component = self.component_of(dest, source)
                if component is not None:
                    owner[f"{CONTENTS}/{dest}"] = component
        for name, source, _typecode in sources.get("pure", []) + sources.get("scripts", []):
            component = self.component_of(name, source, module=True)
            if component is not None:
                component.in_archive = True
        owner[EXECUTABLE] = self.pyinstaller()
        self.owner = self._walk(owner)

    def _system_files(self, sources: dict[str, list[list[str]]]) -> list[str]:
        """The record's files from outside the checkout, Python and its distributions:
        the ones :meth:`component_of` asks dpkg about, all asked in one call."""
        found = []
        for kind in ("binaries", "datas", "pure", "scripts"):
            for _dest, source, _typecode in sources.get(kind, []):
                if not source or not Path(source).is_absolute():
                    continue
                path = Path(source).resolve()
                if path not in self._distributions and "site-packages" not in path.parts \
                        and not path.is_relative_to(self.checkout):
                    found.append(source)
        return found

    def _debian_package(self, source: str) -> str | None:
        if source not in self._debian_owners:  # not asked in the one call (or no owner)
            self._debian_owners.update(dpkg_owners([source]))
        return self._debian_owners.get(source)

    # -- the components --
    def _add(self, component: Component) -> Component:
        return self.components.setdefault(component.key, component)

    def se4x(self) -> Component:
        licence = (self.checkout / "LICENSE").read_bytes()
        return self._add(Component(
            "se4x", "se4x", importlib.metadata.version("se4x"), "the program: its code, its "
            "compiled engine, its rules reference (resources/help), icons, sounds and data",
            copyright_lines(licence.decode()) or "the se4x authors", "MIT",
            texts={"LICENSE": licence}, licence_texts={"MIT": licence.decode()}))

    def rules(self) -> Component:
        notice = (self.checkout / "resources" / "rules" / "NOTICE").read_bytes()
        return self._add(Component(
            "rules-texts", "Rules texts", "", "resources/rules: copied web pages",
            "GMT Games, Board Game Arena and the contributors of its wiki; "
            "the authors of SP4X", "LicenseRef-proprietary", texts={"NOTICE": notice},
            licence_texts={"LicenseRef-proprietary": notice.decode()},
            comment="Not covered by the MIT licence: included for reference only, "
                    "their copyright stays with their authors (see the NOTICE)."))

    def python(self) -> Component:
        licence_txt = Path(sysconfig.get_paths()["stdlib"]) / "LICENSE.txt"
        if not licence_txt.is_file():
            self.problems.append(f"the Python runtime: no {licence_txt.name} beside its "
                                 "standard library")
            text = b""
        else:
            text = licence_txt.read_bytes()
        psf = re.search(r"Copyright \(c\) ([\d,\s-]+?)\s*Python Software Foundation",
                        text.decode(errors="replace"))
        years = re.findall(r"\d{4}", psf.group(1)) if psf else []
        return self._add(Component(
            "python", "Python", sys.version.split()[0], "the Python runtime "
            "(libpython, its standard library and extension modules)",
            (f"{min(years)}-{max(years)} " if years else "") + "Python Software Foundation\n"
            "2000 BeOpen.com\n1995-2001 Corporation for National Research Initiatives\n"
            "1991-1995 Stichting Mathematisch Centrum",
            "Python-2.0", texts={"LICENSE.txt": text},
            licence_texts={"Python-2.0": text.decode(errors="replace")}))

    def pyinstaller(self) -> Component:
        dist = importlib.metadata.distribution("pyinstaller")
        return self.distribution(dist)

    def distribution(self, dist: importlib.metadata.Distribution) -> Component:
        name = dist.metadata["Name"]
        key = f"pypi/{name}"
        if key in self.components:
            return self.components[key]
        licence = distribution_licence(dist)
        texts = distribution_texts(dist)
        common = uses_common(licence or "")
        if licence is None:
            self.problems.append(f"the Python distribution {name}: no licence in its metadata")
            licence = "unknown"
        own = [n for n in licence_names(licence) if not common_file(n.split(" with ")[0])]
        if own and not texts:
            self.problems.append(f"the Python distribution {name}: {licence} but no licence "
                                 "text in its dist-info")
        joined = "\n\n".join(t.decode(errors="replace") for t in texts.values())
        licence_texts = {n: "\n\n".join(t.decode(errors="replace") for t in texts.values()
                                         if not is_common_text(t, common)) for n in own}
        if name.lower() == "pyinstaller":
            licence_texts = pyinstaller_texts(joined, licence)
            if not licence_texts:
                self.problems.append("PyInstaller: its COPYING.txt no longer has the "
                                     "bootloader exception where it is looked for")
        holders = copyright_lines(joined) or ", ".join(
            v for v in (metadata(dist, "Author"), metadata(dist, "Author-email")) if v
        ) or f"the {name} authors"
        return self._add(Component(
            key, name, dist.version, "a Python distribution (PyPI)", holders, licence,
            texts=texts, common=common, licence_texts=licence_texts))

    def qt(self, pyside: importlib.metadata.Distribution) -> Component:
        return self._add(Component(
            "qt", "Qt", pyside.version, "the Qt libraries, plugins and translations of the "
            "PySide6-Essentials wheel (PySide6/Qt)", "The Qt Company Ltd. and other "
            "contributors", "LGPL-3 or GPL-2 or GPL-3",
            common={"LGPL-3", "GPL-3", "GPL-2"},
            comment="Used under the LGPL-3: see the licenses README for replacing these "
                    "libraries and for Qt's source."))

    def icu(self, soname: str) -> Component:
        version = soname.rsplit(".so.", 1)[-1]
        text = ICU_LICENSE.read_bytes()
        return self._add(Component(
            "icu", "ICU", version, "the ICU libraries of the PySide6-Essentials wheel "
            "(PySide6/Qt/lib/libicu*)", "Unicode, Inc. and others", "Unicode-DFS-2016",
            texts={"LICENSE": text}, licence_texts={"Unicode-DFS-2016": text.decode()},
            comment="The text is ICU's LICENSE as ICU 72.1 ships it (ICU 58 to 73 have the "
                    "same terms): the Unicode licence, the older ICU licence and the notices "
                    "of the third-party code ICU includes."))

    def debian(self, package: str, library: str) -> Component:
        key = f"debian/{package}"
        if key in self.components:
            return self.components[key]
        version, source = dpkg_fields(package)
        copyright_file = Path("/usr/share/doc") / package / "copyright"
        if not copyright_file.is_file():
            self.problems.append(f"{library}: Debian package {package} has no {copyright_file}")
            return self._add(Component(key, package, version, "", "", "unknown"))
        text = copyright_file.read_bytes()
        decoded = text.decode(errors="replace")
        licence, holders, licence_texts = debian_licence(decoded, source, library)
        # Packages of one source often share their copyright file: refer to the first.
        first = self._copyright_files.setdefault(text, package)
        if licence is None:
            self.problems.append(f"{library}: the licence of Debian package {package} (source "
                                 f"{source}): its copyright file is not machine-readable and "
                                 "DEBIAN_LICENCES has no entry for it")
            licence = "unknown"
        pointer = (f"The terms, for every file of the {source} sources, are in Debian's "
                   f"copyright file of {first}: {LICENSES}/debian/{first}/copyright.")
        whole = len(decoded.splitlines()) <= WHOLE_FILE_LINES
        for name in licence_names(licence):
            if name not in licence_texts and not common_file(name):
                licence_texts[name] = decoded if whole else pointer
        return self._add(Component(
            key, package, version, f"a Debian package (source {source})",
            holders or copyright_lines(decoded) or f"see {LICENSES}/{key}/copyright",
            licence, texts={"copyright": text},
            common=uses_common(licence) | referenced_common(decoded),
            licence_texts=licence_texts,
            comment=f"Copied from the system. {pointer}"))

    # -- mapping --
    def _index_distributions(self) -> dict[Path, importlib.metadata.Distribution]:
        index = {}
        for dist in importlib.metadata.distributions():
            for entry in dist.files or []:
                index[Path(str(dist.locate_file(entry))).resolve()] = dist
        return index

    def component_of(self, dest: str, source: str, module: bool = False) -> Component | None:
        """The component of one entry of PyInstaller's record (None: not a file of its own,
        e.g. a module PyInstaller made up)."""
        if not source or not Path(source).is_absolute():
            return None
        path = Path(source).resolve()
        if not module and dest == "base_library.zip":
            return self.python()  # made by PyInstaller from the standard library
        if not module and path.is_relative_to(self.checkout / "resources" / "rules"):
            return self.rules()
        dist = self._distributions.get(path)
        if dist is not None:
            if dist.metadata["Name"] == "se4x":
                return self.se4x()
            if not module and dest.startswith("PySide6/Qt/"):
                name = PurePosixPath(dest).name
                return self.icu(name) if name.startswith("libicu") else self.qt(dist)
            return self.distribution(dist)
        if path.is_relative_to(self.checkout) and not any(
                path.is_relative_to(self.checkout / d) for d in (".venv", "build")):
            return self.se4x()
        if "site-packages" not in path.parts and (
                any(path.is_relative_to(d) for d in self._python_dirs)
                or re.match(r"libpython3\.\d+", path.name)):
            return self.python()
        package = self._debian_package(source)
        if package is None:
            self.problems.append(f"{CONTENTS}/{dest}: from {path.name}, which belongs to no "
                                 "Python distribution, no Debian package and not to Python")
            return None
        return self.debian(package, f"{CONTENTS}/{dest}")

    def _walk(self, owner: dict[str, Component]) -> dict[str, Component]:
        """Every file of the bundle (but licenses/) with its component; a symbolic link
        belongs to what it points at."""
        found: dict[str, Component] = {}
        for path in sorted(self.bundle.rglob("*")):
            relative = path.relative_to(self.bundle).as_posix()
            if relative.split("/")[0] == LICENSES or path.is_dir():
                continue
            if path.is_symlink():
                target = (path.parent / path.readlink()).resolve()
                if target.is_relative_to(self.bundle.resolve()):
                    relative_target = target.relative_to(self.bundle.resolve()).as_posix()
                    if relative_target in owner:
                        found[relative] = owner[relative_target]
                        continue
            if relative in owner:
                found[relative] = owner[relative]
            else:
                self.problems.append(f"{relative}: not in PyInstaller's record of the bundle")
        for component in {id(c): c for c in found.values()}.values():
            component.files = {p for p, c in found.items() if c is component}
        return found


def debian_licence(text: str, source: str, library: str
                   ) -> tuple[str | None, str, dict[str, str]]:
    """(licence expression, copyright holders, licence texts) of one library from its
    Debian copyright file: in DEP-5 form, the paragraph of the library's own folder in the
    source (util-linux's ``libuuid/*``), else ``Files: *``, else the first; otherwise
    DEBIAN_LICENCES, by source package."""
    if not re.match(r"Format:\s*https?://(www\.)?debian\.org/doc/packaging-manuals/"
                    r"copyright-format/", text):
        return DEBIAN_LICENCES.get(re.sub(r"-\d+$", "", source)), "", {}
    paragraphs = parse_dep5(text)
    files = [p for p in paragraphs if "Files" in p and "License" in p]
    stem = PurePosixPath(library).name.split(".so")[0]
    own = [p for p in files if any(f.split("/")[0] == stem for f in p["Files"].split())]
    star = [p for p in files if "*" in p["Files"].split()]
    candidates = own or star or files
    if not candidates:
        return None, "", {}
    chosen = candidates[0]
    expression, _, body = chosen["License"].partition("\n")
    expression = normalise_expression(expression)
    texts: dict[str, str] = {}
    names = licence_names(expression)
    if body.strip() and len(names) == 1:
        texts[names[0]] = body.strip("\n")
    for paragraph in paragraphs:
        if "Files" in paragraph or "License" not in paragraph or "Format" in paragraph:
            continue
        name, _, standalone = paragraph["License"].partition("\n")
        name = normalise_term(name)
        if name in names and name not in texts and standalone.strip():
            texts[name] = standalone.strip("\n")
    return expression, chosen.get("Copyright", ""), texts


# -- writing -------------------------------------------------------------------------------------
def component_order(inventory: Inventory) -> list[Component]:
    """se4x first (its paragraph is ``Files: *``), then the rest by kind and name."""
    rank = {"se4x": 0, "rules-texts": 1, "python": 2, "qt": 4, "icu": 5}
    return sorted(inventory.components.values(),
                  key=lambda c: (rank.get(c.key, 3 if c.key.startswith("pypi/") else 6),
                                 c.key.lower()))


def file_patterns(owner: dict[str, Component], component: Component) -> list[str]:
    """DEP-5 Files patterns for a component's files: a folder as "folder/*" when all it
    holds is the component's, otherwise the files one by one."""
    patterns: list[str] = []
    folders: dict[str, set[int]] = {}
    for path, owned_by in owner.items():
        parts = path.split("/")
        for depth in range(1, len(parts)):
            folders.setdefault("/".join(parts[:depth]), set()).add(id(owned_by))
    done: set[str] = set()
    for path in sorted(component.files):
        parts = path.split("/")
        pattern = path
        for depth in range(1, len(parts)):
            folder = "/".join(parts[:depth])
            if folders[folder] == {id(component)}:
                pattern = folder + "/*"
                break
        if pattern not in done:
            done.add(pattern)
            patterns.append(pattern.replace(" ", "?"))
    return patterns


def _join_and(expressions: Iterable[str]) -> str:
    """Licence expressions that all apply, in DEP-5's words ("or" binds before ", and")."""
    unique = list(dict.fromkeys(expressions))
    alternatives = [e for e in unique if " or " in e or "," in e]
    plain = list(dict.fromkeys(name for e in unique if e not in alternatives
                               for name in licence_names(e)))
    return ", and ".join([*alternatives, " and ".join(plain)] if plain else alternatives)


class Dep5Writer:
    """Builds licenses/copyright: one Files paragraph a component, one License paragraph a
    short name (names whose texts differ between components get the component's key)."""

    def __init__(self) -> None:
        self.texts: dict[str, str] = {}

    def register(self, component: Component) -> str:
        """The component's licence expression, its names made unique to their texts."""
        renames = {}
        for name in licence_names(component.licence):
            if common_file(name):
                self.texts.setdefault(name, common_reference(name))
                continue
            text = component.licence_texts.get(name, "")
            unique = name
            if name in self.texts and not _same(self.texts[name], text):
                unique = f"{name}~{component.key.split('/')[-1]}"
            self.texts.setdefault(unique, text)
            renames[name] = unique
        return rename_terms(component.licence, renames)

    def write(self, inventory: Inventory) -> str:
        header = {
            "Format": DEP5_FORMAT, "Upstream-Name": "se4x", "Upstream-Contact": maintainer(),
            "Comment": "The se4x program folder: se4x with the Python runtime, Qt and the "
                       "libraries it needs. Paths are relative to that folder. Each Files "
                       "paragraph names one component; its Texts field lists the files of "
                       f"{LICENSES}/ that hold its licence texts (for a Debian package, its "
                       f"whole copyright file). {LICENSES}/README.txt says where each "
                       "component came from and how Qt's LGPL terms are met.",
        }
        paragraphs = [paragraph_text(header)]
        licences = {c.key: self.register(c) for c in component_order(inventory)}
        archive = [licences["pypi/pyinstaller"]] + [
            licences[c.key] for c in component_order(inventory) if c.in_archive]
        for component in component_order(inventory):
            if component.key == "se4x":
                patterns = ["*"]
            else:
                patterns = file_patterns(inventory.owner, component)
                if component.key == "pypi/pyinstaller":
                    patterns = [p for p in patterns if p != EXECUTABLE]
            if not patterns:
                continue
            paragraphs.append(paragraph_text({
                "Files": "\n".join(patterns), "Copyright": component.copyright.strip(),
                "License": licences[component.key],
                "Comment": describe(component), "Texts": "\n".join(component.text_paths()),
            }))
        pyinstaller = inventory.components["pypi/pyinstaller"]
        paragraphs.append(paragraph_text({
            "Files": EXECUTABLE, "Copyright": pyinstaller.copyright,
            "License": _join_and(archive),
            "Comment": "PyInstaller's bootloader, with an archive of the compiled Python "
                       "modules of: " + ", ".join(
                           c.name for c in component_order(inventory) if c.in_archive) + ".",
            "Texts": "\n".join(dict.fromkeys(
                p for c in component_order(inventory)
                if c.in_archive or c is pyinstaller for p in c.text_paths())),
        }))
        for name, text in self.texts.items():
            paragraphs.append(paragraph_text({"License": f"{name}\n{text.strip(chr(10))}"}))
        return "\n\n".join(paragraphs) + "\n"


def maintainer() -> str:
    """The .deb's Maintainer (control.in): the DEP-5 Upstream-Contact."""
    found = re.search(r"^Maintainer:\s*(.+)$", CONTROL.read_text(), re.M)
    return found.group(1).strip() if found else "the se4x authors"


def _same(a: str, b: str) -> bool:
    """Two licence texts alike but for spacing and case."""
    return " ".join(a.split()).lower() == " ".join(b.split()).lower()


def describe(component: Component) -> str:
    """A component's Comment: what it is and where it came from."""
    what = f"{component.name} {component.version}".strip() + f": {component.origin}."
    return f"{what} {component.comment}".strip()


README_LGPL = """\
Qt and the LGPL
---------------

The Qt libraries in this folder (_internal/PySide6/Qt/lib/libQt6*.so.6, with
Qt's plugins in _internal/PySide6/Qt/plugins) are used under the GNU Lesser
General Public License version 3 (common-licenses/LGPL-3, which adds
permissions to the GPL-3 beside it).  They are the unmodified libraries of
the PySide6-Essentials {version} wheel (only their debugging symbols are
stripped), and se4x loads them as shared libraries at run time, so the LGPL's
terms are met this way:

* You may replace them.  Build Qt {version} yourself (or any Qt 6 build
  binary-compatible with it) and put your libQt6*.so.6 files in place of
  these in _internal/PySide6/Qt/lib (in the installed package:
  /opt/se4x/_internal/PySide6/Qt/lib); se4x loads whatever is there, and
  nothing in it checks or pins the originals.  PySide6's bindings
  (_internal/PySide6/*.so) and shiboken6 can be replaced the same way.
* The source code of Qt {version} and of PySide6/shiboken6 {version} is
  published by the Qt Project: https://download.qt.io/official_releases/qt/
  and https://download.qt.io/official_releases/QtForPython/ (and the
  qt/qt5 and pyside/pyside-setup repositories at code.qt.io).  Whoever
  redistributes se4x should also offer those source archives (for three
  years, or next to the download) rather than rely on that site alone.
* se4x uses Qt only through these shared libraries (the LGPL-3's section
  4(d)(1)), so replacing them needs nothing of se4x's own code, which is
  MIT-licensed besides.

The same holds for the LGPL-licensed system libraries in _internal (GLib,
Cairo, Pango and others, see copyright): they are Debian's unmodified
shared libraries; their sources are Debian's source packages of the versions
listed below (https://sources.debian.org, https://snapshot.debian.org).
"""


def readme(inventory: Inventory) -> str:
    """licenses/README.txt: what the bundle holds, under which terms, and where."""
    pyside = inventory.components.get("qt")
    lines = [
        "Licences of the se4x program folder",
        "===================================",
        "",
        "se4x is MIT-licensed (se4x/LICENSE).  This folder also carries the Python",
        "runtime, Qt with PySide6, PyInstaller's bootloader, a few Python packages and",
        "the system libraries they need, each under its own licence; and the rules",
        "texts under resources/rules, which are not se4x's (rules-texts/NOTICE).",
        "This folder was generated when the program was built, from what it holds:",
        "",
        "  copyright          every file and its licence, machine-readable (Debian's",
        "                     DEP-5 format); the .deb installs it, with installed",
        "                     paths, as /usr/share/doc/se4x/copyright",
        "  <component>/       each component's own licence and copyright files",
        "  common-licenses/   the GPL, LGPL, Apache and MPL texts they use or refer to",
        "                     (Debian's /usr/share/common-licenses)",
        "",
    ]
    if pyside is not None:
        lines += README_LGPL.format(version=pyside.version).splitlines() + [""]
    lines += ["Components", "----------", ""]
    for component in component_order(inventory):
        lines.append(f"{component.name} {component.version}".strip())
        lines.append(f"  from:     {component.origin}")
        lines.append(f"  licence:  {component.licence}")
        lines.append(f"  texts:    {', '.join(component.text_paths())}")
        if component.in_archive:
            lines.append("  modules:  compiled, in the se4x executable's archive")
        shown = sorted(p for p in component.files if not p.startswith(f"{LICENSES}/"))
        if shown and component.key != "se4x":
            patterns = file_patterns(inventory.owner, component)
            lines.append(f"  files:    {', '.join(patterns[:12])}"
                         + (f" and {len(patterns) - 12} more" if len(patterns) > 12 else ""))
        lines.append("")
    return "\n".join(lines)


def check_dep5(inventory: Inventory, text: str) -> list[str]:
    """What is wrong in a generated DEP-5 file: a bundled file governed by another
    component's paragraph, a short name without its License paragraph."""
    paragraphs = parse_dep5(text)
    wrong = [f"licenses/copyright: no License paragraph for {name}"
             for name in undefined_licences(text)]
    for path, component in inventory.owner.items():
        paragraph = paragraph_for(paragraphs, path) or {}
        if path == EXECUTABLE:
            expected = [EXECUTABLE]
        elif component.key == "se4x":
            expected = ["*"]
        else:
            expected = file_patterns(inventory.owner, component)
        if paragraph.get("Files", "").split() != expected:
            wrong.append(f"licenses/copyright: {path} is not under {component.name}'s paragraph")
    return wrong


def write_licences(bundle: Path, sources: Path, checkout: Path = CHECKOUT) -> Inventory:
    """Write ``licenses/`` into the bundle; raises LicenceError naming what is unknown."""
    inventory = Inventory(bundle, json.loads(sources.read_text()), checkout)
    common = sorted({name for c in inventory.components.values() for name in c.common})
    missing = [n for n in common if not (COMMON_LICENSES / n).is_file()]
    inventory.problems += [f"{n}: not in {COMMON_LICENSES}" for n in missing]
    if inventory.problems:
        raise LicenceError("\n".join(inventory.problems))
    dep5 = Dep5Writer().write(inventory)
    inconsistent = check_dep5(inventory, dep5)
    if inconsistent:
        raise LicenceError("\n".join(inconsistent))
    target = bundle / LICENSES
    shutil.rmtree(target, ignore_errors=True)
    for component in inventory.components.values():
        for name, content in component.texts.items():
            out = target / component.key / name
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_bytes(content)
    (target / "common-licenses").mkdir(parents=True, exist_ok=True)
    for name in common:
        (target / "common-licenses" / name).write_bytes((COMMON_LICENSES / name).read_bytes())
    (target / "copyright").write_text(dep5)
    (target / "README.txt").write_text(readme(inventory))
    for path in target.rglob("*"):
        path.chmod(0o755 if path.is_dir() else 0o644)
    return inventory


def deb_copyright(bundle_copyright: str, prefix: str) -> str:
    """The bundle's DEP-5 file with installed paths: Files patterns under ``prefix``
    (``Files: *`` stays: the package's own files are se4x's) and Texts absolute."""
    prefix = prefix.strip("/")
    paragraphs = parse_dep5(bundle_copyright)
    out = []
    for paragraph in paragraphs:
        if "Format" in paragraph:
            paragraph["Comment"] = (
                f"The se4x package: /{prefix} holds the program with the Python runtime, Qt "
                "and the libraries it needs, and the rest (menu entry, icons, manual page) "
                "is se4x's. Each Files paragraph names one component; its Texts field lists "
                f"the files under /{prefix}/{LICENSES} that hold its licence texts (for a "
                f"Debian package, its whole copyright file). /{prefix}/{LICENSES}/README.txt "
                "says where each component came from and how Qt's LGPL terms are met.")
        if "Files" in paragraph and paragraph["Files"] != "*":
            paragraph["Files"] = "\n".join(f"{prefix}/{p}" for p in paragraph["Files"].split())
        if "Texts" in paragraph:
            paragraph["Texts"] = "\n".join(f"/{prefix}/{p}" for p in paragraph["Texts"].split())
        out.append(paragraph_text(paragraph))
    text = "\n\n".join(out) + "\n"
    return text.replace(f" {LICENSES}/", f" /{prefix}/{LICENSES}/")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    bundle = commands.add_parser("bundle", help="write licenses/ into the bundle")
    bundle.add_argument("bundle", type=Path)
    bundle.add_argument("--sources", type=Path, required=True,
                        help="bundle-sources.json from PyInstaller's work folder")
    bundle.add_argument("--checkout", type=Path, default=CHECKOUT)
    deb = commands.add_parser("deb-copyright", help="the .deb's /usr/share/doc/se4x/copyright")
    deb.add_argument("bundle", type=Path)
    deb.add_argument("--prefix", default="opt/se4x")
    deb.add_argument("-o", "--output", type=Path, required=True)
    args = parser.parse_args(argv)
    if args.command == "bundle":
        try:
            inventory = write_licences(args.bundle, args.sources, args.checkout)
        except LicenceError as error:
            print("licences.py: cannot tell the licence of:", file=sys.stderr)
            for line in str(error).splitlines():
                print(f"  {line}", file=sys.stderr)
            return 1
        print(f"wrote {args.bundle / LICENSES}: {len(inventory.components)} components, "
              f"{len(inventory.owner)} files")
        return 0
    text = (args.bundle / LICENSES / "copyright").read_text()
    args.output.write_text(deb_copyright(text, args.prefix))
    return 0


def _iter_names(paragraphs: list[dict[str, str]]) -> Iterator[str]:
    for paragraph in paragraphs:
        if "Files" in paragraph and "License" in paragraph:
            yield from licence_names(paragraph["License"].split("\n")[0])


def undefined_licences(text: str) -> list[str]:
    """Short names a DEP-5 file uses in Files paragraphs but defines in no License
    paragraph (and whose Files paragraph gives no text either)."""
    paragraphs = parse_dep5(text)
    defined = {p["License"].split("\n")[0].strip().lower() for p in paragraphs
               if "License" in p and "Files" not in p and "Format" not in p}
    return sorted({n for n in _iter_names(paragraphs) if n.lower() not in defined})


if __name__ == "__main__":
    sys.exit(main())
