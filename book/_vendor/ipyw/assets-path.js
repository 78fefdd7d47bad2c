window.__jupyter_widgets_assets_path__ = document.currentScript.src.replace(/[^/]*$/, "") + "html-manager/";
