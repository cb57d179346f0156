# The privacy notice and terms the layout's footer links to (/privacy, /terms). They need no
# sign-in, so a guest and a native client before sign-in can read them. Replace the text in
# app/views/legal/ with your own before you publish the app.
class LegalController < ApplicationController
  def privacy
  end

  def terms
  end
end
