"""The map editor: paint move costs and zones, name a map, resize it, save it.

The dialog holds one :class:`HexMap` and replaces it by the engine's editor
functions (:mod:`engine.hexbattle.editor`) on every stroke, so it only ever
holds a map a session could use.  "Save as file" writes the assets/maps
format; "Put into the battle" is one ``EditBattleMap`` command (undoable; the
engine refuses an edit that would strand a token).  A bad map file is refused
with the engine's message in the GM's language.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QGraphicsScene,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.battle.geometry import hex_at
from app.battle.scene import GM_BG
from app.battle.terrain import MapPlacement, TerrainItem
from app.battle.words import tr
from app.bridge import SessionBridge
from engine.errors import EngineError
from engine.hexbattle import editor
from engine.hexbattle.commands import EditBattleMap
from engine.hexbattle.hexgrid import Hex
from engine.hexbattle.hexmap import ZONE_BREAKTHROUGH, ZONE_LEAD, HexMap, MoveCost
from engine.hexbattle.maps import load_map, map_to_toml, shipped_maps
from engine.hexbattle.slot import battle_of

#: the brushes of the palette: a move cost, a zone, or "no zone"
TOOLS: tuple[tuple[str, object], ...] = (
    ("cost 1", 1),
    ("cost 2", 2),
    ("cost 3", 3),
    ("impassable", None),
    ("lead zone", ZONE_LEAD),
    ("breakthrough zone", ZONE_BREAKTHROUGH),
    ("no zone", ""),
)


class PaintView(QGraphicsView):
    """The map under the brush: a press or a drag paints every hex it passes."""

    def __init__(self, dialog: MapEditorDialog) -> None:
        super().__init__(QGraphicsScene(dialog), dialog)
        self._dialog = dialog
        self._painting = False
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setMinimumSize(520, 420)
        self.setBackgroundBrush(QColor(GM_BG))  # the legend's light words read as on the battle board

    def fit(self) -> None:
        """The whole map at the size the view has now (a readable, paintable map)."""
        rect = self.scene().sceneRect()
        if not rect.isEmpty():
            self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.fit()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._painting = True
            self._dialog.paint_at(self.mapToScene(event.position().toPoint()))

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._painting:
            self._dialog.paint_at(self.mapToScene(event.position().toPoint()))

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        self._painting = False


class MapEditorDialog(QDialog):
    """Edit one map; start from a shipped map, a battle map, a file or a blank map."""

    def __init__(self, bridge: SessionBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self.setWindowTitle(tr("Map editor"))
        self.hex_map: HexMap = next(iter(shipped_maps().values()))
        #: the map as it was started from: "Put into the battle" applies only what changed since
        self.base: HexMap = self.hex_map
        self._item: TerrainItem | None = None
        self.resize(900, 760)

        self.source = QComboBox()
        for map_id, hex_map in shipped_maps().items():
            self.source.addItem(hex_map.title(bridge.lang), ("shipped", map_id))
        self.source.addItem(tr("Battle map 1"), ("battle", 1))
        self.source.addItem(tr("Battle map 2"), ("battle", 2))
        self.source.addItem(tr("Blank map"), ("blank", ""))
        load = QPushButton(tr("Start from this"))
        load.clicked.connect(self.start_from_choice)
        open_file = QPushButton(tr("Open a map file…"))
        open_file.clicked.connect(self.ask_open_file)

        self.tools = QButtonGroup(self)
        palette = QVBoxLayout()
        names = {
            "cost 1": tr("cost 1 (firm)"),
            "cost 2": tr("cost 2 (mud, thin reeds)"),
            "cost 3": tr("cost 3 (dense reeds, wading)"),
            "impassable": tr("impassable (deep water)"),
            "lead zone": tr("lead zone"),
            "breakthrough zone": tr("breakthrough zone"),
            "no zone": tr("no zone"),
        }
        for number, (name, _value) in enumerate(TOOLS):
            button = QRadioButton(names[name])
            self.tools.addButton(button, number)
            palette.addWidget(button)
        self.tools.button(0).setChecked(True)
        palette.addStretch(1)

        self.view = PaintView(self)
        self.map_id = QLineEdit()
        self.name_ja = QLineEdit()
        self.name_en = QLineEdit()
        self.width_box = QSpinBox()
        self.height_box = QSpinBox()
        for box in (self.width_box, self.height_box):
            box.setRange(1, editor.MAX_SIDE)
        resize = QPushButton(tr("Resize"))
        resize.clicked.connect(
            lambda: self.apply(lambda m: editor.resize(m, self.width_box.value(), self.height_box.value()))
        )
        form = QFormLayout()
        form.addRow(tr("Id:"), self.map_id)
        form.addRow(tr("Name (Japanese):"), self.name_ja)
        form.addRow(tr("Name (English):"), self.name_en)
        size_row = QHBoxLayout()
        size_row.addWidget(self.width_box)
        size_row.addWidget(QLabel("×"))
        size_row.addWidget(self.height_box)
        size_row.addWidget(resize)
        form.addRow(tr("Size:"), size_row)
        save = QPushButton(tr("Save as a map file…"))
        save.clicked.connect(self.ask_save_file)
        self.target = QComboBox()
        self.target.addItem(tr("as battle map 1"), 1)
        self.target.addItem(tr("as battle map 2"), 2)
        put = QPushButton(tr("Put into the battle"))
        put.clicked.connect(self.put_into_battle)
        self.message = QLabel()
        self.message.setWordWrap(True)

        top = QHBoxLayout()
        top.addWidget(self.source, 1)
        top.addWidget(load)
        top.addWidget(open_file)
        middle = QHBoxLayout()
        middle.addLayout(palette)
        middle.addWidget(self.view, 1)
        bottom = QHBoxLayout()
        bottom.addWidget(save)
        bottom.addStretch(1)
        bottom.addWidget(self.target)
        bottom.addWidget(put)
        column = QVBoxLayout(self)
        column.addLayout(top)
        column.addLayout(middle, 1)
        column.addLayout(form)
        column.addWidget(self.message)
        column.addLayout(bottom)
        battle = battle_of(bridge.state)
        if battle is not None:  # the GM edits the battle it has open: map 1 with its zones
            self.choose_source(("battle", 1))
            self.start_map(battle.maps[0])
            self.target.setCurrentIndex(0)
        else:
            self.start_map(self.hex_map)

    # -- the map on screen -----------------------------------------------------------------------------
    def show_map(self, hex_map: HexMap) -> None:
        self.hex_map = hex_map
        scene = self.view.scene()
        if self._item is not None:
            scene.removeItem(self._item)
        self._item = TerrainItem([MapPlacement(1, hex_map, Hex(0, 0))], lang=self.bridge.lang)
        scene.addItem(self._item)
        scene.setSceneRect(self._item.boundingRect())
        self.view.fit()
        self.map_id.setText(hex_map.id)
        self.name_ja.setText(hex_map.name.ja)
        self.name_en.setText(hex_map.name.en)
        self.width_box.setValue(hex_map.width)
        self.height_box.setValue(hex_map.height)

    def choose_source(self, data: tuple[str, object]) -> None:
        """Select the source whose data is ``data`` (a pair, which ``findData`` cannot match)."""
        for index in range(self.source.count()):
            if tuple(self.source.itemData(index)) == data:
                self.source.setCurrentIndex(index)
                return

    def start_map(self, hex_map: HexMap) -> None:
        """Start editing ``hex_map``: what "Put into the battle" compares the edits with."""
        self.base = hex_map
        self.show_map(hex_map)

    def apply(self, edit: object) -> bool:
        """Run one engine edit on the map; a refusal is said below the map and changes nothing."""
        try:
            edited = edit(self.hex_map)  # type: ignore[operator]
        except EngineError as error:
            self.message.setText(self.bridge.message(error))
            return False
        self.message.clear()
        self.show_map(edited)
        return True

    def paint_at(self, point: QPointF) -> None:
        h = hex_at(point)
        if not self.hex_map.in_bounds(h):
            return
        _name, value = TOOLS[self.tools.checkedId()]
        if isinstance(value, str) and value:
            members = set(self.hex_map.zone(value)) if value in self.hex_map.zone_names() else set()
            if h in members:
                return
            self.apply(lambda m: editor.set_zone(m, value, members | {h}))
        elif value == "":

            def clear(m: HexMap) -> HexMap:
                for zone in m.zone_names():
                    if h in m.zone(zone):
                        m = editor.set_zone(m, zone, set(m.zone(zone)) - {h})
                return m

            self.apply(clear)
        elif self.hex_map.cost(h) != value:
            self.apply(lambda m: editor.paint_cost(m, [h], value))  # type: ignore[arg-type]

    def edited_map(self) -> HexMap | None:
        """The map with the id and names typed in the form."""
        try:
            named = editor.rename(self.hex_map, ja=self.name_ja.text(), en=self.name_en.text())
            return HexMap.model_validate({**named.model_dump(), "id": self.map_id.text().strip()})
        except (EngineError, ValueError) as error:
            text = self.bridge.message(error) if isinstance(error, EngineError) else str(error)
            self.message.setText(text)
            return None

    # -- where maps come from and go to ------------------------------------------------------------
    def start_from_choice(self) -> None:
        kind, value = self.source.currentData()
        if kind == "shipped":
            self.start_map(shipped_maps()[value])
        elif kind == "battle":
            battle = battle_of(self.bridge.state)
            if battle is None:
                self.message.setText(tr("No battle is open."))
                return
            self.start_map(battle.maps[int(value) - 1])
            self.target.setCurrentIndex(self.target.findData(int(value)))
        else:
            self.start_map(editor.blank_map("new-map", 12, 10))

    def ask_open_file(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, tr("Open a map file"), "", tr("Map files (*.toml)"))
        if name:
            self.open_file(Path(name))

    def open_file(self, path: Path) -> bool:
        """Load a map file; a bad one is refused with the reason (a message box and the line below)."""
        try:
            hex_map = load_map(path)
        except EngineError as error:
            text = self.bridge.message(error)
            self.message.setText(text)
            QMessageBox.warning(self, tr("Map file refused"), text)
            return False
        self.start_map(hex_map)
        return True

    def ask_save_file(self) -> None:
        name, _ = QFileDialog.getSaveFileName(
            self, tr("Save a map file"), f"{self.map_id.text()}.toml", tr("Map files (*.toml)")
        )
        if name:
            self.save_file(Path(name))

    def save_file(self, path: Path) -> bool:
        hex_map = self.edited_map()
        if hex_map is None:
            return False
        path.write_text(map_to_toml(hex_map), encoding="utf-8")
        self.message.setText(tr("Saved {file}.").format(file=path.name))
        return True

    def put_into_battle(self) -> bool:
        """One ``EditBattleMap``: onto the battle's map of the same size only what the GM
        changed here (painted costs, zones drawn or cleared) — the zones the set-up laid
        out stay; a map of another size replaces the battle's whole."""
        hex_map = self.edited_map()
        if hex_map is None:
            return False
        number = int(self.target.currentData())
        battle = battle_of(self.bridge.state)
        if battle is not None:
            current = battle.maps[number - 1]
            if (current.width, current.height) == (hex_map.width, hex_map.height):
                hex_map = edits_onto(self.base, hex_map, current)
        done = self.bridge.dispatch(EditBattleMap(number=number, map=hex_map), origin="battle")
        if not done:
            self.message.setText(tr("The battle keeps its map (see the status bar)."))
        return done


def edits_onto(base: HexMap, edited: HexMap, target: HexMap) -> HexMap:
    """``target`` with what changed from ``base`` to ``edited``: each hex whose cost was
    painted, each zone whose hexes were redrawn; the name and id as edited."""
    result = target
    painted: dict[MoveCost, list[Hex]] = {}
    for h in edited.hexes():
        if base.in_bounds(h) and base.cost(h) == edited.cost(h):
            continue
        painted.setdefault(edited.cost(h), []).append(h)
    for cost, hexes in painted.items():
        result = editor.paint_cost(result, hexes, cost)
    for zone in set(base.zone_names()) | set(edited.zone_names()):
        before = set(base.zone(zone)) if zone in base.zone_names() else set()
        after = set(edited.zone(zone)) if zone in edited.zone_names() else set()
        if before == after:
            continue
        kept = set(result.zone(zone)) if zone in result.zone_names() else set()
        result = editor.set_zone(result, zone, (kept - (before - after)) | (after - before))
    named = editor.rename(result, ja=edited.name.ja, en=edited.name.en)
    return HexMap.model_validate({**named.model_dump(), "id": edited.id})


__all__ = ["MapEditorDialog", "edits_onto"]
