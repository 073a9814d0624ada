"""No attribute or method of the app's Qt subclasses hides a Qt member.

``self.style = ...`` on a ``QGraphicsItem`` or ``def show(...)`` on one replaces
what Qt and other code expect under that name (``item.show()`` would not show
the item any more).  This walks every ``QObject``/``QGraphicsItem`` subclass the
app defines, reads the names its class body and its methods assign, and fails
when one is already a member of a Qt base class — except the virtual methods a
subclass is meant to reimplement.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import textwrap

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QGraphicsItem

import app

#: Qt virtuals the app reimplements on purpose (same meaning, same signature).
VIRTUALS = frozenset(
    {
        "event",
        "eventFilter",
        "canFetchMore",
        "fetchMore",
        "paint",
        "boundingRect",
        "shape",
        "sizeHint",
        "minimumSizeHint",
        "itemChange",
        "accept",
        "reject",
        "done",
        "drawBackground",
        "drawForeground",
        "type",
        "data",
        "rowCount",
        "columnCount",
        "headerData",
        "flags",
        "setData",
        "resizeEvent",
        "showEvent",
        "hideEvent",
        "closeEvent",
        "changeEvent",
        "keyPressEvent",
        "keyReleaseEvent",
        "mousePressEvent",
        "mouseMoveEvent",
        "mouseReleaseEvent",
        "mouseDoubleClickEvent",
        "contextMenuEvent",
        "wheelEvent",
        "hoverEnterEvent",
        "hoverLeaveEvent",
        "hoverMoveEvent",
        "paintEvent",
        "focusInEvent",
        "focusOutEvent",
        "moveEvent",
        "timerEvent",
        "dragEnterEvent",
        "dropEvent",
        "scrollContentsBy",
        "viewportEvent",
        "enterEvent",
        "leaveEvent",
        "validate",
        "textFromValue",
        "valueFromText",
        "fixup",
        "stepBy",
        "heightForWidth",
        "helpEvent",
        "createEditor",
    }
)


def app_classes() -> list[type]:
    found: list[type] = []
    for info in pkgutil.walk_packages(app.__path__, "app."):
        module = importlib.import_module(info.name)
        for _name, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ != module.__name__:
                continue
            if issubclass(cls, (QObject, QGraphicsItem)):
                found.append(cls)
    return found


def qt_members(cls: type) -> set[str]:
    names: set[str] = set()
    for base in cls.__mro__:
        if base.__module__.startswith(("PySide6", "Shiboken")):
            names.update(dir(base))
    return names


def own_names(cls: type) -> tuple[set[str], set[str]]:
    """(methods and class attributes defined in the class body, ``self.x = ...`` targets)."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    body = tree.body[0]
    assert isinstance(body, ast.ClassDef)
    node: ast.AST
    defined: set[str] = set()
    for node in body.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            defined.add(node.name)
        elif isinstance(node, ast.Assign):
            defined.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            defined.add(node.target.id)
    assigned: set[str] = set()
    for node in ast.walk(body):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
            targets = [node.target]
        for target in targets:
            if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
                assigned.add(target.attr)
    return defined, assigned


def test_the_app_defines_qt_subclasses_to_check() -> None:
    names = {cls.__name__ for cls in app_classes()}
    assert {"BoardScene", "CardItem", "StepperPanel", "MainWindow"} <= names


def test_no_app_attribute_or_method_hides_a_qt_member() -> None:
    hidden: list[str] = []
    for cls in app_classes():
        qt = qt_members(cls)
        defined, assigned = own_names(cls)
        for name in sorted(defined & qt - VIRTUALS):
            if name.startswith("__"):
                continue
            hidden.append(f"{cls.__module__}.{cls.__name__}.{name} (defined)")
        for name in sorted(assigned & qt):
            hidden.append(f"{cls.__module__}.{cls.__name__}.{name} (self.{name} = ...)")
    assert hidden == []
