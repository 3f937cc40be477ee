"""The main window's dark theme: Fusion style, a dark palette and a style sheet.

Why both a palette and a style sheet: the palette reaches what style sheets
miss (message boxes, file dialogs, tooltips, the native menu look), and the
style sheet gives the panels, docks and the handover screen the same
colours as the dialogs (:class:`se4x_qt.palette.Theme`), so the whole app
reads as one piece.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory

from se4x_qt.palette import Theme


def apply_app_palette(app: QApplication) -> None:
    """Fusion with the dark theme's colours, for every widget of the app."""
    style = QStyleFactory.create("Fusion")
    if style is not None:
        app.setStyle(style)
    pal = QPalette()
    t = Theme
    roles = {
        QPalette.ColorRole.Window: t.PANEL,
        QPalette.ColorRole.WindowText: t.TEXT,
        QPalette.ColorRole.Base: t.BG,
        QPalette.ColorRole.AlternateBase: t.PANEL_ALT,
        QPalette.ColorRole.ToolTipBase: t.PANEL_ALT,
        QPalette.ColorRole.ToolTipText: t.TEXT,
        QPalette.ColorRole.PlaceholderText: t.FAINT,
        QPalette.ColorRole.Text: t.TEXT,
        QPalette.ColorRole.Button: t.CARD,
        QPalette.ColorRole.ButtonText: t.TEXT,
        QPalette.ColorRole.BrightText: "#FFFFFF",
        QPalette.ColorRole.Highlight: "#1F6F6A",
        QPalette.ColorRole.HighlightedText: "#FFFFFF",
        QPalette.ColorRole.Link: t.ACCENT,
    }
    for role, colour in roles.items():
        pal.setColor(role, QColor(colour))
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text,
                 QPalette.ColorRole.ButtonText):
        pal.setColor(QPalette.ColorGroup.Disabled, role, QColor(t.FAINT))
    app.setPalette(pal)


def main_stylesheet() -> str:
    """The main window's style sheet (docks, side panel, log, status bar, handover)."""
    t = Theme
    return f"""
QMainWindow {{ background: {t.BG}; }}
QMainWindow::separator {{ background: {t.BORDER}; width: 2px; height: 2px; }}
QMenuBar {{ background: {t.PANEL}; color: {t.TEXT}; border-bottom: 1px solid {t.BORDER}; }}
QMenuBar::item {{ padding: 5px 10px; background: transparent; }}
QMenuBar::item:selected {{ background: {t.CARD}; border-radius: 4px; }}
QMenu {{ background: {t.PANEL_ALT}; color: {t.TEXT}; border: 1px solid {t.BORDER}; }}
QMenu::item {{ padding: 5px 26px 5px 22px; }}
QMenu::item:selected {{ background: #21405A; }}
QMenu::item:disabled {{ color: {t.FAINT}; }}
QMenu::separator {{ height: 1px; background: {t.BORDER}; margin: 4px 8px; }}
QDockWidget {{ color: {t.MUTED}; font-weight: 700; }}
QDockWidget::title {{ background: {t.PANEL}; padding: 6px 10px; border-bottom: 1px solid
                      {t.BORDER}; text-transform: uppercase; }}
QStatusBar {{ background: {t.PANEL}; color: {t.TEXT}; border-top: 1px solid {t.BORDER}; }}
QStatusBar QLabel {{ padding: 0 10px; }}
QStatusBar::item {{ border: none; }}
QWidget#side_panel, QWidget#log_panel, QWidget#welcome {{ background: {t.PANEL}; }}
QLabel {{ color: {t.TEXT}; background: transparent; }}
QLabel#panelTitle {{ font-size: 14pt; font-weight: 700; }}
QLabel#subtle {{ color: {t.MUTED}; }}
QLabel#faint {{ color: {t.FAINT}; }}
QLabel#heading {{ color: {t.MUTED}; font-weight: 700; letter-spacing: 1px; }}
QLabel#message {{ color: {t.BAD}; font-weight: 600; }}
QLabel#title {{ font-size: 17pt; font-weight: 700; }}
QLabel#handoverTitle {{ font-size: 40pt; font-weight: 800; color: {t.TEXT}; }}
QLabel#handoverDetail {{ font-size: 14pt; color: {t.MUTED}; }}
QLabel#welcomeTitle {{ font-size: 34pt; font-weight: 800; letter-spacing: 2px; }}
QFrame#actionsBox {{ background: {t.PANEL_ALT}; border: 1px solid {t.BORDER};
                     border-radius: 8px; }}
QFrame#banner {{ background: rgba(20, 27, 46, 228); border: 1px solid {t.ACCENT};
                 border-radius: 10px; }}
QFrame#summary {{ background: rgba(20, 27, 46, 240); border: 1px solid {t.HIGHLIGHT};
                  border-radius: 10px; }}
QListWidget {{ background: {t.BG}; color: {t.TEXT}; border: 1px solid {t.BORDER};
               border-radius: 6px; outline: none; }}
QListWidget::item {{ padding: 3px 4px; border-bottom: 1px solid #161E33; }}
QListWidget::item:selected {{ background: #1D3550; color: {t.TEXT}; }}
QListWidget#stack_list::item {{ padding: 4px; }}
QPushButton {{ background: {t.CARD}; border: 1px solid {t.BORDER}; border-radius: 6px;
               padding: 5px 12px; color: {t.TEXT}; }}
QPushButton:hover {{ background: #26335A; border-color: {t.ACCENT}; }}
QPushButton:disabled {{ background: {t.PANEL}; color: {t.FAINT}; border-color: #222B44; }}
QPushButton#primary {{ background: #1F6F6A; border-color: {t.ACCENT}; font-weight: 700;
                       padding: 7px 14px; }}
QPushButton#primary:hover {{ background: #24827B; }}
QPushButton#primary:disabled {{ background: {t.PANEL}; color: {t.FAINT};
                                border-color: #222B44; }}
QSpinBox, QComboBox, QLineEdit {{ background: {t.CARD}; color: {t.TEXT};
    border: 1px solid {t.BORDER}; border-radius: 5px; padding: 3px 6px; }}
QSpinBox:disabled, QComboBox:disabled {{ color: {t.FAINT}; background: {t.PANEL}; }}
QLineEdit#pin {{ font-size: 16pt; letter-spacing: 4px; padding: 6px; }}
QToolTip {{ background: {t.PANEL_ALT}; color: {t.TEXT}; border: 1px solid {t.ACCENT};
            padding: 5px; }}
QScrollBar:vertical {{ background: {t.BG}; width: 10px; margin: 0; }}
QScrollBar::handle:vertical {{ background: {t.BORDER}; border-radius: 5px; min-height: 24px; }}
QScrollBar:horizontal {{ background: {t.BG}; height: 10px; margin: 0; }}
QScrollBar::handle:horizontal {{ background: {t.BORDER}; border-radius: 5px; min-width: 24px; }}
QScrollBar::add-line, QScrollBar::sub-line {{ height: 0; width: 0; }}
"""
