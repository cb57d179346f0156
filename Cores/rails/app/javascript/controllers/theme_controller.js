import { Controller } from "@hotwired/stimulus"

// The browser's theme choice (light, dark, or the system's), kept in
// localStorage and applied as html[data-theme]. Only the web header has this
// selector; native clients follow the system appearance.
export default class extends Controller {
  connect() {
    this.element.value = localStorage.getItem("theme") || ""
  }

  choose() {
    const theme = this.element.value
    if (theme) {
      localStorage.setItem("theme", theme)
    } else {
      localStorage.removeItem("theme")
    }
    document.documentElement.dataset.theme = theme
  }
}
