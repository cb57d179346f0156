class NotesController < ApplicationController
  before_action :set_note, only: %i[show edit update destroy]

  def index
    @notes = Note.order(:id)
  end

  def show
  end

  def new
    @note = Note.new
  end

  def edit
  end

  def create
    @note = Note.new(note_params)

    if @note.save
      redirect_to @note, notice: "Note was created."
    else
      render :new, status: :unprocessable_content
    end
  end

  def update
    if @note.update(note_params)
      redirect_to @note, notice: "Note was updated.", status: :see_other
    else
      render :edit, status: :unprocessable_content
    end
  end

  def destroy
    @note.destroy!
    redirect_to notes_path, notice: "Note was deleted.", status: :see_other
  end

  private

  def set_note
    @note = Note.find(params.expect(:id))
  end

  def note_params
    params.expect(note: [:title, :body])
  end
end
