"""Names for the parts of Bokeh's controls that BokehJS draws without one (screen readers, axe-core).

BokehJS 3 gives a Slider's handle (noUiSlider's ``role="slider"``) no name of its own, only a title
beside it, and gives a Spinner two arrow buttons with no text. Bokeh has no property for either, so
a callback run once the layout is drawn (the document's ``document_ready``) sets them on the views.
"""

from __future__ import annotations

from bokeh.document import Document
from bokeh.models import CustomJS, Slider, Spinner

_NAME_CONTROLS_JS = """
const views = (model) => model.document?.views_manager?.find_one(model);
for (const slider of sliders) {
  const view = views(slider);
  for (const handle of view?.slider_el?.querySelectorAll(".noUi-handle") ?? []) {
    handle.setAttribute("aria-label", slider.title);
  }
}
// The arrows answer the mouse only (mousedown), never a key: out of the tab order and hidden from screen
// readers, like a native number field's arrows; the field itself steps with the arrow keys.
for (const spinner of spinners) {
  const view = views(spinner);
  for (const button of [view?.btn_up_el, view?.btn_down_el]) {
    if (button == null) continue;
    button.tabIndex = -1;
    button.setAttribute("aria-hidden", "true");
  }
}
"""


def name_bokeh_controls(layout):
    """Give ``layout``'s sliders and spinners their missing accessible names once drawn; returns ``layout``.

    The layout gets a document of its own (as ``json_item`` or jupyter_bokeh would give it) to carry the
    callback, unless it has one already."""
    sliders = list(layout.select({"type": Slider}))
    spinners = list(layout.select({"type": Spinner}))
    if sliders or spinners:
        if layout.document is None:
            Document().add_root(layout)
        layout.document.js_on_event("document_ready", CustomJS(args=dict(sliders=sliders, spinners=spinners),
                                                               code=_NAME_CONTROLS_JS))
    return layout
