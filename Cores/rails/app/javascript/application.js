// Entry point of the import map (config/importmap.rb).
import "@hotwired/turbo-rails"
import "controllers"
